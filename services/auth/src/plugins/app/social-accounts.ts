import fp from 'fastify-plugin';
import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import type { FacebookLinkView, UserView } from '@rian/proto-contracts/auth';
import type { SocialConfirmConnect, SocialProfile, SocialRegister } from '@rian/proto-contracts/auth-social';
import { User } from '../../entities/user.js';
import { normaliseEmail } from '../../domain/registration.js';
import { userClaims, userView, type SignedIn } from './accounts.js';
import { FacebookGraph } from './facebook.js';
import { Sessions } from './sessions.js';
import type { SigningKeys } from './signing-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    socialAccounts: SocialAccounts;
  }
}

type UserRow = InferEntity<typeof User>;

export type FacebookLoginResult =
  ({ outcome: 'logged-in' } & SignedIn<UserView>) | SocialConfirmConnect | SocialRegister;

function link(profile: SocialProfile): FacebookLinkView {
  return { id: profile.id, name: profile.name, pictureUrl: profile.pictureUrl };
}

/**
 * Sign-in with Facebook (spec 01 §4 "Social login"): the token is verified with the Graph API, then
 * the member is found by Facebook id (signed in), else by the Facebook e-mail (asked to connect),
 * else registration is offered.
 */
export class SocialAccounts {
  constructor(
    private readonly kit: Kit,
    private readonly graph: FacebookGraph,
    private readonly keys: SigningKeys,
    private readonly sessions: Sessions,
  ) {}

  private em(): EntityManager {
    return this.kit.orm.em.fork();
  }

  async facebookLogin(accessToken: string): Promise<FacebookLoginResult> {
    const profile = await this.graph.verify(accessToken);
    const em = this.em();
    const linked = await em.findOne(User, { facebookId: profile.id });
    if (linked) {
      // Facebook picture URLs are signed and expire; keep the latest
      linked.facebookName = profile.name;
      linked.facebookPictureUrl = profile.pictureUrl;
      await em.flush();
      return { outcome: 'logged-in', ...(await this.signIn(em, linked)) };
    }
    const byEmail = profile.email ? await em.findOne(User, { email: normaliseEmail(profile.email) }) : null;
    if (byEmail) {
      return {
        outcome: 'confirm-connect',
        social: profile,
        user: { email: byEmail.email, firstName: byEmail.firstName, lastName: byEmail.lastName },
      };
    }
    return { outcome: 'register', social: profile };
  }

  /**
   * Links the Facebook account to the member signed in with `memberId` (whose e-mail must be the
   * Facebook e-mail), or else to the member with the Facebook e-mail, and signs that member in.
   */
  async facebookConnect(accessToken: string, memberId?: string): Promise<SignedIn<UserView>> {
    const profile = await this.graph.verify(accessToken);
    const em = this.em();
    try {
      const user = await em.transactional(async (tem) => {
        const target = memberId
          ? await tem.findOne(User, { id: memberId })
          : profile.email
            ? await tem.findOne(User, { email: normaliseEmail(profile.email) })
            : null;
        if (!target) throw new ProblemError(memberId ? 'auth.unauthenticated' : 'auth.email_unknown');
        if (memberId && (!profile.email || normaliseEmail(profile.email) !== target.email)) {
          throw new ProblemError('auth.social_email_mismatch');
        }
        if ((await tem.count(User, { facebookId: profile.id, id: { $ne: target.id } })) > 0) {
          throw new ProblemError('auth.social_already_linked');
        }
        target.facebookId = profile.id;
        target.facebookName = profile.name;
        target.facebookPictureUrl = profile.pictureUrl;
        return target;
      });
      return await this.signIn(em, user);
    } catch (err) {
      // another request linked the same Facebook id between our check and our write
      if (err instanceof UniqueConstraintViolationException)
        throw new ProblemError('auth.social_already_linked');
      throw err;
    }
  }

  /** For POST /register with a Facebook token: the account to link, if no member has it yet. */
  async linkableFacebook(accessToken: string): Promise<FacebookLinkView> {
    const profile = await this.graph.verify(accessToken);
    if ((await this.em().count(User, { facebookId: profile.id })) > 0) {
      throw new ProblemError('auth.social_already_linked');
    }
    return link(profile);
  }

  private async signIn(em: EntityManager, user: UserRow): Promise<SignedIn<UserView>> {
    const refresh = await this.sessions.start(em, user.id, 'user');
    return { token: await this.keys.sign(userClaims(user)), refresh, view: userView(user) };
  }
}

/** Decorates `app.socialAccounts` and lets POST /register link a Facebook account. */
export const socialAccountsPlugin = fp(
  async (app) => {
    const config = app.authConfig;
    const graph = new FacebookGraph(
      {
        appId: config.FACEBOOK_APP_ID,
        appSecret: config.FACEBOOK_APP_SECRET,
        graphUrl: config.FACEBOOK_GRAPH_URL,
        timeoutMs: config.FACEBOOK_TIMEOUT_MS,
      },
      app.kit.logger,
    );
    const social = new SocialAccounts(
      app.kit,
      graph,
      app.signingKeys,
      new Sessions(config.REFRESH_TTL_DAYS, config.AUTH_REFRESH_REUSE_GRACE_SECONDS),
    );
    app.accounts.verifyFacebook = (token) => social.linkableFacebook(token);
    app.decorate('socialAccounts', social);
  },
  { name: 'auth-social-accounts', dependencies: ['auth-accounts'] },
);
