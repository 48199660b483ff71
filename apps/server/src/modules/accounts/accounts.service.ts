import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  escapeHtml,
  EMAIL_CODE,
  ErrorCode,
  LoginType,
  type Locale,
  type UserUpdateBody,
} from '@lumi/contract';
import { serverMessage } from '../../i18n';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { sha256 } from '../../lib/hash';
import type { SessionService } from '../session/session.service';
import type { FileStorage } from '../../lib/storage';
import { checkImage, squareImage } from '../../lib/images';
import { networksOf } from '../../lib/network';
import { lockKeys } from '../limits/quota.repository';
import { requireUploadAllowed } from '../images/picture-check';
import type { ModerationService } from '../safety/moderation.service';
import * as repo from './accounts.repository';

/** Limits on asking for codes (decisions.md), counted in the database so every process agrees. */
export const CODE_LIMITS = {
  /** One code per address per this many seconds. */
  gapSeconds: 30,
  perEmailPerHour: 5,
  perAddressPerHour: 20,
} as const;
/** How long the access token of a proven identity waits for POST /cgi-bin/login. */
const LOGIN_TOKEN_MS = 5 * 60_000;

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  siteName: string;
  storage: FileStorage;
  /** Where generated files are kept (private), erased with the account. */
  privateStorage?: FileStorage;
  sessions: SessionService;
  /** Classifies profile pictures: others see them, so explicit ones are refused (issue 18). */
  moderation: ModerationService;
  /** The public lists show creators' names and owners: a rename or a merge changes them. */
  listsChanged?: () => Promise<void>;
  /** A user's likes changed outside the characters service (a tourist's merged in). */
  likesChanged?: (userId: string) => Promise<void>;
}

/** A proven identity, ready to become a session. */
export interface Proven {
  type: number;
  provider: string;
  subject: string;
  email: string | null;
  /** Proven by our own code, or `email_verified: true` from an OpenID provider; never Facebook's. */
  emailVerified: boolean;
  name: string;
  head: string;
}

const codeHash = (email: string, code: string) => sha256(`email-code:${email}:${code}`);
const tooFrequent = () => new BusinessError(ErrorCode.TOO_FREQUENT, 'too_frequent');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Accounts (issue 5): email-code sign-in, identities from providers, the access tokens that
 * POST /cgi-bin/login redeems, and moving a tourist's things to the account they sign in to.
 */
export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /**
   * Sends a sign-in code, bound to the asking browser's nonce. The answer is the same whether
   * or not an account exists for the address.
   */
  async startEmail(input: { email: string; binding: string; ip: string; locale: Locale }): Promise<void> {
    const { db, clock, mailer, siteName } = this.deps;
    const now = clock();
    const network = networksOf(input.ip).narrow;
    const code = String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, '0');
    // Counted and added under locks on the address and the network, so that concurrent asks on
    // any number of processes never pass the limits.
    const sent = await db.transaction(async (tx) => {
      await lockKeys(tx, [`email-code:${input.email}`, `email-code-ip:${network}`]);
      const counts = await repo.recentCodeCounts(
        tx,
        input.email,
        network,
        new Date(now.getTime() - 3_600_000),
        new Date(now.getTime() - CODE_LIMITS.gapSeconds * 1000),
      );
      if (
        counts.forEmailLately > 0 ||
        counts.forEmail >= CODE_LIMITS.perEmailPerHour ||
        counts.fromIp >= CODE_LIMITS.perAddressPerHour
      ) {
        return false;
      }
      await repo.insertEmailCode(tx, {
        email: input.email,
        codeHash: codeHash(input.email, code),
        bindingHash: sha256(input.binding),
        ip: network,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CODE.minutes * 60_000),
      });
      return true;
    });
    if (!sent) throw tooFrequent();
    const params = { site: siteName, code, count: EMAIL_CODE.minutes };
    const text = serverMessage(input.locale, 'mail_code_text', params);
    await mailer.send({
      to: input.email,
      subject: serverMessage(input.locale, 'mail_code_subject', params),
      text,
      html: codeMailHtml(input.locale, text, code),
    });
  }

  /**
   * Checks a code against the newest one sent to the address from this browser: single use,
   * within its 10 minutes, at most 5 tries. Answers an access token for login type 4.
   */
  async verifyEmail(input: { email: string; code: string; binding: string }): Promise<string> {
    const now = this.deps.clock();
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lockLatestCode(tx, input.email);
      if (!row || row.usedAt || !input.binding || !sameHash(row.bindingHash, sha256(input.binding))) {
        return { error: 'code_invalid' as const };
      }
      if (row.tries >= EMAIL_CODE.tries) return { error: 'code_tries' as const };
      if (row.expiresAt <= now) return { error: 'code_expired' as const };
      if (!sameHash(row.codeHash, codeHash(input.email, input.code))) {
        const tries = row.tries + 1;
        await repo.updateCode(tx, row.id, { tries });
        return tries >= EMAIL_CODE.tries
          ? { error: 'code_tries' as const }
          : { error: 'code_wrong' as const, left: EMAIL_CODE.tries - tries };
      }
      await repo.updateCode(tx, row.id, { usedAt: now });
      return { error: null };
    });
    if (outcome.error) {
      throw new BusinessError(ErrorCode.CODE_INVALID, outcome.error, {
        ...('left' in outcome ? { count: String(outcome.left) } : {}),
      });
    }
    return this.issueToken(
      {
        type: LoginType.OTHER,
        provider: 'email',
        subject: input.email,
        email: input.email,
        emailVerified: true,
        name: input.email.split('@')[0] ?? '',
        head: '',
      },
      sha256(input.binding),
    );
  }

  /**
   * An access token standing for a proven identity, for POST /cgi-bin/login, bound to the
   * browser that started the sign-in (the hash of its login-binding cookie): only that browser
   * can use it.
   */
  async issueToken(proven: Proven, bindingHash: string): Promise<string> {
    if (!bindingHash) throw new BusinessError(ErrorCode.LOGIN_FAILED, 'login_failed');
    const token = randomBytes(32).toString('base64url');
    await repo.insertLoginToken(this.deps.db, {
      tokenHash: sha256(token),
      bindingHash,
      provider: proven.provider,
      subject: proven.subject,
      email: proven.email,
      emailVerified: proven.emailVerified,
      name: proven.name,
      head: proven.head,
      expiresAt: new Date(this.deps.clock().getTime() + LOGIN_TOKEN_MS),
    });
    return token;
  }

  /**
   * The account of an access token (once, and only in the browser that started its sign-in):
   * found by provider and subject, or made. Login type 4 takes email tokens (and other OpenID
   * providers'); 1 Google's; 2 Facebook's. The account's address and whether it is proven follow
   * what the provider says at each sign-in. Answers the account and the provider that proved it
   * (email, google, facebook, oidc).
   */
  async redeem(type: number, token: string, binding: string): Promise<{ user: User; provider: string }> {
    const failed = () => new BusinessError(ErrorCode.LOGIN_FAILED, 'login_failed');
    if (!token || token.length > 200 || !binding || binding.length > 128) throw failed();
    const row = await repo.redeemLoginToken(this.deps.db, sha256(token), sha256(binding), this.deps.clock());
    if (!row || providerType(row.provider) !== type) throw failed();
    for (let attempt = 0; attempt < 2; attempt++) {
      const known = await repo.userByIdentity(this.deps.db, row.provider, row.subject);
      if (known) {
        if (known.deletedAt) throw failed();
        if (known.email !== row.email || known.emailVerified !== row.emailVerified) {
          const user = (await repo.setEmail(this.deps.db, known.id, row.email, row.emailVerified)) ?? known;
          return { user, provider: row.provider };
        }
        return { user: known, provider: row.provider };
      }
      const made = await repo.createAccount(
        this.deps.db,
        {
          type,
          email: row.email,
          emailVerified: row.emailVerified,
          name: row.name.slice(0, 60),
          head: row.head,
        },
        { provider: row.provider, subject: row.subject },
      );
      if (made) return { user: made, provider: row.provider };
    }
    throw failed();
  }

  /**
   * Profile settings of a signed-in account: name, avatar and the adult-content setting, which
   * needs the 18+ confirmation to turn on. Tourists are asked to sign in first.
   */
  async updateProfile(user: User, body: UserUpdateBody, head?: Buffer): Promise<User> {
    if (user.type === LoginType.TOURIST) throw new BusinessError(ErrorCode.FORBIDDEN, 'sign_in_required');
    if (body.enable_nsfw === true && !user.enableNsfw && body.confirm_adult !== true) {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'adult_confirm_required');
    }
    const values: Parameters<typeof repo.updateUser>[2] = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.enable_nsfw !== undefined) values.enableNsfw = body.enable_nsfw;
    const old = user.headKey;
    if (head) {
      await checkImage(head);
      const key = `users/${user.id}/${randomBytes(8).toString('hex')}.webp`;
      const bytes = await squareImage(head, AVATAR_SIZE);
      // A profile picture is seen by everyone, adult content on or not.
      await requireUploadAllowed(this.deps.moderation, bytes, false, user.id);
      await this.deps.storage.put(key, bytes, 'image/webp');
      values.headKey = key;
      values.head = this.deps.storage.url(key);
    }
    const updated = await repo.updateUser(this.deps.db, user.id, values);
    if (!updated) throw new BusinessError(ErrorCode.INTERNAL, 'update_failed');
    if (head && old) await this.deps.storage.delete(old).catch(() => undefined);
    this.deps.sessions.forgetUser(user.id);
    if (body.name !== undefined && body.name !== user.name) await this.deps.listsChanged?.();
    return updated;
  }

  /**
   * Removes an account: it stops working at once (every session ends), and `eraseRemoved`
   * erases it with everything it made within 72 hours (decisions.md: within the hour).
   */
  async removeAccount(user: User): Promise<void> {
    if (user.type === LoginType.TOURIST) throw new BusinessError(ErrorCode.FORBIDDEN, 'sign_in_required');
    await repo.markDeleted(this.deps.db, user.id, this.deps.clock());
    this.deps.sessions.forgetUser(user.id);
  }

  /**
   * Erases the accounts whose removal was asked for, with every file they made. The files go
   * first: an account whose files could not all be deleted (storage unreachable) keeps the rows
   * that name them, and the next round tries again. Answers how many accounts were erased.
   */
  async eraseRemoved(limit = 100): Promise<number> {
    const queue = await repo.removalQueue(this.deps.db, limit);
    let erased = 0;
    for (const account of queue) {
      const keys = [account.head_key, ...account.character_keys, ...account.shared_keys].filter(
        (k): k is string => !!k,
      );
      const deleted = await Promise.allSettled([
        ...keys.map((key) => this.deps.storage.delete(key)),
        ...account.private_keys.map((key) => this.deps.privateStorage?.delete(key)),
      ]);
      if (deleted.some((d) => d.status === 'rejected')) continue;
      if (await repo.eraseUser(this.deps.db, account.id)) erased++;
    }
    if (erased > 0) await this.deps.listsChanged?.();
    return erased;
  }

  /** What a tourist made moves to the account they just signed in to. */
  async mergeTourist(tourist: User, account: User): Promise<void> {
    if (tourist.type !== LoginType.TOURIST || tourist.id === account.id) return;
    await repo.mergeTourist(this.deps.db, tourist.id, account.id);
    // The tourist's public characters are the account's now (is_owner in the lists), and so
    // are their likes.
    await this.deps.listsChanged?.();
    await this.deps.likesChanged?.(account.id);
  }
}

/** Avatars of accounts are stored as this square, in webp. */
const AVATAR_SIZE = 256;

/** The login type a provider's tokens are redeemed with. */
export function providerType(provider: string): number {
  if (provider === 'google') return LoginType.GOOGLE;
  if (provider === 'facebook') return LoginType.FACEBOOK;
  return LoginType.OTHER;
}

function codeMailHtml(locale: Locale, text: string, code: string): string {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#1f1d2b">
<p style="font-size:16px;line-height:1.5">${escapeHtml(text)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0" dir="ltr">${escapeHtml(code)}</p>
</body></html>`;
}
