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
  switch (config.engine) {
    case 'a1111':
      return new A1111Engine({
        baseUrl: config.url ?? '',
        apiKey: config.apiKey,
        checkpoints,
        timeoutMs: config.timeoutMs,
      });
    case 'comfyui':
      return new ComfyUIEngine({
        baseUrl: config.url ?? '',
        apiKey: config.apiKey,
        workflow: loadComfyWorkflow(
          config.workflow ?? path.join(serverRoot(), 'engines/comfyui-txt2img.json'),
        ),
        checkpoints,
        timeoutMs: config.timeoutMs,
      });
    case 'openai':
      return new OpenAIImagesEngine({
        baseUrl: config.url ?? '',
        apiKey: config.apiKey,
        models: {
          standard: config.models.standard ?? 'dall-e-2',
          advanced: config.models.advanced ?? config.models.standard ?? 'dall-e-3',
        },
        timeoutMs: config.timeoutMs,
      });
    case 'preview':
      return new PreviewImageEngine();
  }
}
