import { describe, expect, it } from 'vitest';
import { calledOn, pickSpeaker } from './group-chat';

const cast = [
  { id: 1, name: 'Mira Solano' },
  { id: 2, name: 'Theo' },
  { id: 3, name: 'ليلى' },
  { id: 4, name: '美咲' },
];

describe('who speaks in a group chat', () => {
  it('finds the first name the text calls on, as a whole word, in any script', () => {
    expect(calledOn('What do you say, theo?', cast)?.id).toBe(2);
    expect(calledOn('Mira, and then Theo.', cast)?.id).toBe(1);
    expect(calledOn('Theodore is not here.', cast)).toBeUndefined();
    expect(calledOn('ماذا تقولين يا ليلى؟', cast)?.id).toBe(3);
    expect(calledOn('美咲はどう思う？', cast)?.id).toBe(4);
    // The first word of a longer name counts; the writer of the message is left out.
    expect(calledOn('Solano? No: Mira!', cast)?.id).toBe(1);
    expect(calledOn('Theo looks at Mira.', cast, 2)?.id).toBe(1);
  });

  it('takes the named one, the reworked reply’s writer, the one called on, else the next in turn', () => {
    const turns = [
      { id: 1, role: 'assistant' as const, content: 'Hello.', speaker: 1 },
      { id: 2, role: 'user' as const, content: 'Hi all.' },
      { id: 3, role: 'assistant' as const, content: 'Evening.', speaker: 2 },
    ];
    expect(pickSpeaker(cast, turns, { named: 4 }).id).toBe(4);
    expect(() => pickSpeaker(cast, turns, { named: 9 })).toThrow();
    expect(pickSpeaker(cast, turns, { reworked: 2, text: '' }).id).toBe(2);
    expect(pickSpeaker(cast, turns, { text: 'Mira?' }).id).toBe(1);
    expect(pickSpeaker(cast, turns, { text: 'Nice night.' }).id).toBe(3);
    // A nudge: the last reply calls on someone else.
    const calling = [
      ...turns,
      { id: 4, role: 'assistant' as const, content: 'Mira, your turn.', speaker: 2 },
    ];
    expect(pickSpeaker(cast, calling, {}).id).toBe(1);
    // After the last in the order comes the first.
    expect(
      pickSpeaker(cast, [{ id: 1, role: 'assistant', content: 'x', speaker: 4 }], { text: 'ok' }).id,
    ).toBe(1);
  });
});
