import { describe, expect, it } from 'vitest';
import { loaded, msg, page, sending, started } from './chat-fixtures';
import { chatReducer, localMessage, olderPageNumber } from './chat-state';

describe('chatReducer', () => {
  it('streams a new reply into a placeholder and swaps in the stored messages', () => {
    let s = loaded([msg(1, 'assistant', 'Hello, traveller.')]);
    const user = localMessage('user', 'Hi!');
    const reply = localMessage('assistant', '');
    s = chatReducer(s, { type: 'sending', user, reply });
    expect(s.messages.map((m) => m.content)).toEqual(['Hello, traveller.', 'Hi!', '']);
    s = chatReducer(s, started(null, msg(2, 'user', 'Hi!')));
    expect(s.messages[1]?.id).toBe(2);
    s = chatReducer(s, { type: 'delta', text: 'Well' });
    s = chatReducer(s, { type: 'delta', text: ' met.' });
    expect(s.messages[2]?.content).toBe('Well met.');
    s = chatReducer(s, { type: 'done', message: msg(3, 'assistant', 'Well met.', { engine: 'demo' }) });
    expect(s.live).toBeNull();
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(s.demo).toBe(true);
  });

  it('in a group chat, streams a reply to no new message under the character the start names', () => {
    const members = [
      { id: 7, name: 'Mira', head: '/m.png', NSFW: false },
      { id: 8, name: 'Theo', head: '/t.png', NSFW: false },
    ];
    let s = chatReducer(loaded([]), {
      type: 'loaded',
      page: page([msg(1, 'assistant', 'Hello.', { character_id: 7 })], { members }),
    });
    expect(s.members).toEqual(members);
    s = chatReducer(s, { type: 'sending', user: null, reply: localMessage('assistant', '') });
    expect(s.messages).toHaveLength(2);
    s = chatReducer(s, {
      type: 'started',
      data: { conversation_id: 'c1', user_message: null, message_id: 0, notice: null, speaker: 8 },
    });
    expect(s.messages[1]).toMatchObject({ role: 'assistant', character_id: 8 });
    s = chatReducer(s, { type: 'refused' });
    expect(s.messages.map((m) => m.id)).toEqual([1]);
  });

  it('takes back both messages when the reply is refused before it starts (credits, policy)', () => {
    let s = loaded([msg(1, 'assistant', 'Hello.')]);
    s = chatReducer(s, sending('Hi'));
    s = chatReducer(s, { type: 'refused' });
    expect(s.messages.map((m) => m.id)).toEqual([1]);
    expect(s.live).toBeNull();
  });

  it('regenerates into a new swipe and puts the old one back when refused', () => {
    let s = loaded([msg(1, 'user', 'Hi'), msg(2, 'assistant', 'First.')]);
    s = chatReducer(s, { type: 'reworking', mode: 'regenerate', id: 2 });
    expect(s.messages[1]).toMatchObject({ content: '', swipes: ['First.', ''], swipe_index: 1 });
    s = chatReducer(s, { type: 'delta', text: 'Second.' });
    expect(s.messages[1]?.swipes).toEqual(['First.', 'Second.']);
    s = chatReducer(s, { type: 'refused' });
    expect(s.messages[1]).toMatchObject({ content: 'First.', swipes: ['First.'], swipe_index: 0 });
  });

  it('continues a cut-off reply with one space between the old and new text', () => {
    let s = loaded([msg(1, 'assistant', 'The door creaks', { finish_reason: 'length' })]);
    s = chatReducer(s, { type: 'reworking', mode: 'continue', id: 1 });
    s = chatReducer(s, { type: 'delta', text: 'open' });
    s = chatReducer(s, { type: 'delta', text: ' slowly.' });
    expect(s.messages[0]?.content).toBe('The door creaks open slowly.');
  });

  it('puts older pages before the loaded messages without duplicates', () => {
    let s = loaded([msg(5, 'user', 'e'), msg(6, 'assistant', 'f')]);
    s = chatReducer(s, {
      type: 'older',
      page: page([msg(4, 'assistant', 'd'), msg(5, 'user', 'e')], { has_more: true }),
    });
    expect(s.messages.map((m) => m.id)).toEqual([4, 5, 6]);
    expect(s.hasMore).toBe(true);
    expect(olderPageNumber(s.messages, 2)).toBe(2);
  });

  it('reconciles with the newest page after a stop, keeping older loaded messages', () => {
    let s = loaded([msg(1, 'user', 'a'), msg(2, 'assistant', 'b')]);
    s = chatReducer(s, sending('c', 'partial'));
    s = chatReducer(s, {
      type: 'newest',
      page: page([msg(2, 'assistant', 'b'), msg(3, 'user', 'c'), msg(4, 'assistant', 'partial')]),
    });
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(s.live).toBeNull();
  });
});

describe('chatReducer: safety notices', () => {
  it('puts the crisis notice on the reply while it streams, when the start says so', () => {
    let s = loaded([msg(1, 'assistant', 'Hello.')]);
    s = chatReducer(s, sending('x'));
    s = chatReducer(s, started('crisis', msg(2, 'user', 'x')));
    expect(s.messages.map((m) => m.notice)).toEqual([null, null, 'crisis']);
    s = chatReducer(s, { type: 'delta', text: 'I hear you.' });
    expect(s.messages[2]).toMatchObject({ content: 'I hear you.', notice: 'crisis' });
  });

  it('replaces a partial reply with the refusal note and keeps the user’s stored message', () => {
    let s = loaded([msg(1, 'assistant', 'Hello.')]);
    s = chatReducer(s, sending('Hi'));
    s = chatReducer(s, started(null, msg(2, 'user', 'Hi')));
    s = chatReducer(s, { type: 'delta', text: 'Something that turns ' });
    s = chatReducer(s, { type: 'delta', text: 'unsafe' });
    s = chatReducer(s, { type: 'withheld', text: 'The reply was stopped.' });
    expect(s.live).toBeNull();
    expect(s.messages.map((m) => [m.id, m.role, m.content])).toEqual([
      [1, 'assistant', 'Hello.'],
      [2, 'user', 'Hi'],
      [s.messages[2]?.id, 'assistant', ''],
    ]);
    expect(s.messages[2]).toMatchObject({ local: true, refusal: 'The reply was stopped.' });
    expect(s.messages.some((m) => m.content.includes('unsafe'))).toBe(false);
  });

  it('puts a regenerated reply back as it was, with the note after it', () => {
    let s = loaded([msg(1, 'user', 'Hi'), msg(2, 'assistant', 'First.')]);
    s = chatReducer(s, { type: 'reworking', mode: 'regenerate', id: 2 });
    s = chatReducer(s, started(null, null));
    s = chatReducer(s, { type: 'delta', text: 'Bad' });
    s = chatReducer(s, { type: 'withheld', text: 'Stopped.' });
    expect(s.messages.slice(0, 2)).toEqual([msg(1, 'user', 'Hi'), msg(2, 'assistant', 'First.')]);
    expect(s.messages[2]).toMatchObject({ refusal: 'Stopped.', notice: null });
  });

  it('keeps the crisis notice in view when the reply after it is withheld', () => {
    let s = loaded([]);
    s = chatReducer(s, sending('x'));
    s = chatReducer(s, started('crisis', msg(2, 'user', 'x')));
    s = chatReducer(s, { type: 'withheld', text: 'Stopped.' });
    expect(s.messages[1]).toMatchObject({ refusal: 'Stopped.', notice: 'crisis' });
  });
});
