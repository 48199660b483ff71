export * from './types';
export { A1111Engine, type A1111Options } from './a1111';
export { ComfyUIEngine, fillWorkflow, loadComfyWorkflow, type ComfyUIOptions } from './comfyui';
export { OpenAIImagesEngine, type OpenAIImagesOptions } from './openai-images';
export { PreviewImageEngine, previewSvg } from './preview';
export { sniffImage } from './http';
export { stylePreviewSvg, STYLE_PREVIEW_IDS } from './style-previews';
