import { describe, expect, it } from 'vitest';
import { DemoChatEngine } from './demo';
import { describeScene, extractiveScene, fitScene } from './scene';
import type { ChatEngine, SceneRequest } from './types';

const ask = (turns: SceneRequest['turns'], maxChars = 200): SceneRequest => ({
  model: 'm',
  turns,
  names: { char: 'Mira', user: 'Sam' },
  look: 'silver hair',
  maxChars,
});

describe('the offline scene line', () => {
  it('takes the narration of the newest turn that has some', () => {
    expect(
      extractiveScene(
        ask([
          { role: 'assistant', content: '*She waits by the door.* Come in.' },
          { role: 'user', content: 'Send me a picture of you on the balcony' },
          { role: 'assistant', content: '*She steps onto the balcony, the city lights below.* Like this?' },
        ]),
      ),
    ).toBe('She steps onto the balcony, the city lights below.');
  });

  it('without narration, the newest reply’s first sentence, within the limit', () => {
    expect(
      extractiveScene(
        ask([
          { role: 'user', content: 'Where are you?' },
          { role: 'assistant', content: 'I am reading in the old library. It is quiet.' },
        ]),
      ),
    ).toBe('I am reading in the old library.');
    expect(fitScene('a, b, c, d, e, f, g, h, i, j', 12).length).toBeLessThanOrEqual(12);
  });

  it('is the demo engine’s own, used by describeScene without a model', async () => {
    const demo = new DemoChatEngine({ wordDelayMs: 0 });
    expect(await describeScene(demo, ask([{ role: 'assistant', content: '*waves from the boat*' }]))).toBe(
      'waves from the boat',
    );
  });

  it('asks an engine without its own by a completion of the scene prompt', async () => {
    const engine: ChatEngine = {
      id: 'model',
      demo: false,
      async *stream(request) {
        expect(request.messages[0]?.content).toContain('do not describe them');
        yield { type: 'delta', text: 'in a garden, laughing' };
        yield { type: 'done', finishReason: 'stop' };
      },
    };
    expect(await describeScene(engine, ask([{ role: 'user', content: 'hi' }]))).toBe('in a garden, laughing');
  });
});
