import {
  ErrorCode,
  IMAGE_LIMITS,
  type ChatPicture,
  type ModelProfileId,
  type SharedImage,
} from '@lumi/contract';
import { describeScene, extractiveScene, type ChatEngine, type SceneRequest } from '@lumi/engines';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError, notFound } from '../../lib/errors';
import type { PrivateFiles } from '../../lib/storage';
import type { ChatCharacter } from '../characters/character-reads';
import type { CharactersService } from '../characters/characters.service';
import * as chat from '../chat/chat.repository';
import * as branches from '../chat/branches.repository';
import { DEFAULT_USER_NAME } from '../chat/prompt';
import type { ImageJobResult } from '../images/image-job';
import type { ImagesService } from '../images/images.service';
import * as repo from './pictures.repository';

/** The turns a scene is summarised from: the last few, up to where the picture is asked. */
const SCENE_TURNS = 6;
/** The longest scene line. */
const SCENE_CHARS = 300;
/** A conversation's pictures read at most. */
const PICTURES_READ = 500;
/** A character page's shared pictures per page. */
const PAGE_SIZE = 24;

export interface PicturesDeps {
  db: Db;
  clock: Clock;
  characters: CharactersService;
  images: ImagesService;
  /** The chat engine: it writes the scene line. */
  engine: ChatEngine;
  backendModel: (profile: ModelProfileId) => string;
  timeoutMs: number;
  files: PrivateFiles;
  warn?: (err: unknown, message: string) => void;
}

/**
 * A character's pictures (issue 22): "Send me a picture" in a chat makes an image job from the
 * character's look and a scene line the chat engine writes from the last turns, shown after the
 * message where it was asked; the user may share one to the character's page, which lists them.
 */
export class PicturesService {
  constructor(private readonly deps: PicturesDeps) {}

  async ask(user: User, body: { conversationId: string; after?: number | undefined }): Promise<ChatPicture> {
    const conversation = await chat.findConversation(this.deps.db, body.conversationId);
    if (!conversation || conversation.userId !== user.id) throw notFound();
    if (conversation.characterId === null) {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'conversationId' });
    }
    // Private, hidden, deleted and adult characters refuse here as the chat does.
    const character = await this.deps.characters.forChat(user, conversation.characterId);
    const at =
      body.after !== undefined
        ? await branches.historyMessage(this.deps.db, conversation.id, body.after)
        : await repo.newestMessage(this.deps.db, conversation.id);
    if (!at) throw notFound();
    const turns = await repo.turnsUpTo(this.deps.db, conversation.id, at.seq, SCENE_TURNS);
    const scene = await this.scene({
      model: this.deps.backendModel(conversation.model as ModelProfileId),
      turns,
      names: { char: character.name, user: conversation.personaName.trim() || DEFAULT_USER_NAME },
      look: character.look,
      maxChars: SCENE_CHARS,
      timeoutMs: this.deps.timeoutMs,
    });
    const referenceKey = await repo.referenceKeyOf(this.deps.db, character.id);
    const reference = referenceKey !== null && this.deps.images.takesReference;
    let picture: repo.PictureWithJob['picture'] | undefined;
    const job = await this.deps.images.createCharacterPicture(user, {
      prompt: picturePrompt(character, scene),
      adultCharacter: character.NSFW,
      referenceKey,
      alongside: async (tx, made) => {
        picture = await repo.insertPicture(tx, {
          conversationId: conversation.id,
          userId: user.id,
          characterId: character.id,
          seq: at.seq,
          jobId: made.id,
          scene,
          reference,
        });
      },
    });
    if (!picture) throw notFound();
    return this.dto({ picture, job, shareId: null }, user);
  }

  /** The scene line from the chat engine; if it fails, the offline rule's, so the picture still comes. */
  private async scene(request: SceneRequest): Promise<string> {
    try {
      return await describeScene(this.deps.engine, request);
    } catch (err) {
      this.deps.warn?.(err, 'scene line failed: the extractive one stands in');
      return extractiveScene(request);
    }
  }

  async list(user: User, conversationId: string): Promise<{ pictures: ChatPicture[] }> {
    const conversation = await chat.findConversation(this.deps.db, conversationId);
    if (!conversation || conversation.userId !== user.id) throw notFound();
    const rows = await repo.picturesOf(this.deps.db, conversation.id, PICTURES_READ);
    return { pictures: rows.map((r) => this.dto(r, user)) };
  }

  /**
   * Shares a chat picture to its character's page: the image tools' share (a public copy; never
   * an explicit picture, never by a banned account), listed there while the character may be
   * seen, under the usual report and moderation rules of shared pictures.
   */
  async share(user: User, id: string): Promise<SharedImage> {
    const found = await repo.findPicture(this.deps.db, id);
    if (found?.picture.userId !== user.id) throw notFound();
    await this.deps.characters.forChat(user, found.picture.characterId);
    const shared = await this.deps.images.share(user, found.job.id, 0);
    await repo.setShareCharacter(this.deps.db, shared.share_id, found.picture.characterId);
    return shared;
  }

  /** The pictures shared to a character's page, for whoever may open the character. */
  async ofCharacter(
    user: User,
    id: number,
    page: number,
  ): Promise<{ images: SharedImage[]; has_more: boolean }> {
    await this.deps.characters.forChat(user, id);
    const rows = await repo.characterShares(
      this.deps.db,
      id,
      user.enableNsfw,
      PAGE_SIZE + 1,
      (page - 1) * PAGE_SIZE,
    );
    return {
      images: rows.slice(0, PAGE_SIZE).map((r) => this.deps.images.sharedView(r)),
      has_more: rows.length > PAGE_SIZE,
    };
  }

  private dto({ picture, job, shareId }: repo.PictureWithJob, viewer: User): ChatPicture {
    const stored = job.state === 'done' ? (job.result as ImageJobResult | null)?.images[0] : undefined;
    const shown = stored && !(stored.explicit && !viewer.enableNsfw) ? stored : undefined;
    return {
      id: picture.id,
      conversation_id: picture.conversationId,
      seq: picture.seq,
      job_id: job.id,
      state: job.state,
      scene: picture.scene,
      image: shown
        ? {
            url: this.deps.files.url(shown.key, this.deps.clock().getTime()),
            width: shown.width,
            height: shown.height,
          }
        : null,
      reference: picture.reference,
      share_id: shareId,
      preview: job.preview,
      created_at: picture.createdAt.getTime(),
    };
  }
}

/**
 * The image prompt: what kind of picture (a photo, or an anime illustration for an anime
 * character), of an adult man or woman, the look, then the scene; within the image tools' limit.
 */
export function picturePrompt(
  character: Pick<ChatCharacter, 'category' | 'gender' | 'look' | 'name'>,
  scene: string,
): string {
  const kind = character.category === 'anime' ? 'anime illustration' : 'photo';
  const head = `${kind} of ${character.gender === 'Male' ? 'an adult man' : 'an adult woman'}`;
  const line = scene.trim().slice(0, SCENE_CHARS);
  // The look gives way to the scene when both do not fit.
  const room = IMAGE_LIMITS.prompt - head.length - line.length - 4;
  const look = character.look.replace(/\s+/g, ' ').trim().slice(0, Math.max(0, room));
  return [head, look, line].filter(Boolean).join(', ');
}
