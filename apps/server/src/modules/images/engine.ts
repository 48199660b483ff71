import path from 'node:path';
import {
  A1111Engine,
  ComfyUIEngine,
  loadComfyWorkflow,
  OpenAIImagesEngine,
  PreviewImageEngine,
  type ImageEngine,
} from '@lumi/engines';
import type { ImageEngineConfig } from '../../config';
import { serverRoot } from '../../paths';

/** The configured image engine: AUTOMATIC1111, ComfyUI, OpenAI-compatible, or the offline preview. */
export function imageEngineFor(config: ImageEngineConfig): ImageEngine {
  const checkpoints = {
    standard: config.models.standard,
    advanced: config.models.advanced ?? config.models.standard,
  };
  /** What every engine that speaks to a server takes: where, the key, and the time limit. */
  const server = { baseUrl: config.url ?? '', apiKey: config.apiKey, timeoutMs: config.timeoutMs };
  switch (config.engine) {
    case 'a1111':
      return new A1111Engine({
        ...server,
        checkpoints,
        reference: { mode: config.a1111Reference },
      });
    case 'comfyui': {
      // A character's reference picture (issue 22) goes through its own workflow, bundled.
      const reference = config.referenceWorkflow ?? path.join(serverRoot(), 'engines/comfyui-reference.json');
      return new ComfyUIEngine({
        ...server,
        workflow: loadComfyWorkflow(
          config.workflow ?? path.join(serverRoot(), 'engines/comfyui-txt2img.json'),
        ),
        ...(reference === 'off' ? {} : { referenceWorkflow: loadComfyWorkflow(reference) }),
        checkpoints,
      });
    }
    case 'openai':
      return new OpenAIImagesEngine({
        ...server,
        models: {
          standard: config.models.standard ?? 'dall-e-2',
          advanced: config.models.advanced ?? config.models.standard ?? 'dall-e-3',
        },
      });
    case 'preview':
      return new PreviewImageEngine();
  }
}
