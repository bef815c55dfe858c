import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { ProblemError } from '@rian/kit/errors';
import { ImageContentError, reencodeImage } from '@rian/kit/image-content';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { mediaSignatureValid, signMediaUrl } from '@rian/kit/signed-url';
import {
  TERMS_LIMITS,
  type TermsAcceptBody,
  type TermsStaffView,
  type TermsText,
  type TermsView,
} from '@rian/proto-contracts/learning-terms';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import { MemberName } from '../../entities/member-name.js';
import { SignedTerms, type SignedTermsEntity } from '../../entities/signed-terms.js';
import { signaturePng, strokePoints, TERMS_VERSION, termsHash, termsText } from '../../domain/terms-text.js';
import { signedTermsPdf } from '../../pdf/signed-terms-pdf.js';
import type { Config } from '../../config.js';
import type { Courses } from './courses.js';

type Settings = Pick<Config, 'LEARNING_PUBLIC_URL' | 'LEARNING_SECRET_KEY' | 'LEARNING_SIGNED_URL_TTL_S'>;

export const TERMS_SCOPE = 'terms';
const pdfName = (enrolmentId: string) => `terms-${enrolmentId}.pdf`;
const pngName = (enrolmentId: string) => `signature-${enrolmentId}.png`;

/** Who signs and where from: the gateway's trusted client address (Fastify trustProxy) and the browser. */
export interface Signer {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Signed course terms (issue 16): the text a member is shown for an enrolment, their acceptance
 * (strokes + PNG checked before anything is decoded, the hash of what they saw), the signed PDF kept
 * privately with the enrolment, and short-lived signed URLs of it for its member and staff.
 */
export class SignedTermsService {
  private readonly urlSecret: string;

  constructor(
    private readonly kit: Kit,
    private readonly courses: Courses,
    private readonly settings: Settings,
  ) {
    // a key of its own, derived: a terms URL is no media URL and no other learning secret
    this.urlSecret = createHash('sha256').update(`terms-url:${settings.LEARNING_SECRET_KEY}`).digest('hex');
  }

  async view(principal: Principal, courseId: string | undefined, now = new Date()): Promise<TermsView> {
    const e = await this.enrolmentOf(principal.sub, courseId);
    const signed = e.signature === 'Y' ? await this.signedOf(e.id) : null;
    const { title, text, version, hash } = signed
      ? {
          title: await this.title(e.courseId),
          text: signed.text,
          version: signed.version,
          hash: signed.textHash,
        }
      : await this.current(principal, e);
    return {
      enrolmentId: e.id,
      courseId: e.courseId,
      courseTitle: title,
      signature: e.signature,
      signedAt: e.signatureDate?.toISOString() ?? null,
      version,
      th: text.th,
      en: text.en,
      textHash: hash,
      ...this.pdfLink(e, now),
    };
  }

  async accept(
    principal: Principal,
    body: TermsAcceptBody,
    signer: Signer,
    now = new Date(),
  ): Promise<TermsView> {
    // the bounds first: nothing is looked up or decoded for an oversized or foreign signature
    if (strokePoints(body.strokes) === null) throw new ProblemError('learning.terms_strokes_too_large');
    const png = signaturePng(body.png);
    if (png === 'too_large') throw new ProblemError('learning.terms_signature_too_large');
    if (png === 'not_png') throw new ProblemError('learning.terms_signature_not_png');

    const e = await this.enrolmentOf(principal.sub, body.courseId);
    if (e.signature === 'Y') throw new ProblemError('learning.terms_signed');
    const current = await this.current(principal, e);
    if (body.textHash !== current.hash) throw new ProblemError('learning.terms_changed');

    let image: Buffer;
    try {
      image = (
        await reencodeImage(png.bytes, 'png', {
          maxDimension: Math.max(TERMS_LIMITS.maxPngWidth, TERMS_LIMITS.maxPngHeight),
          maxPixels: TERMS_LIMITS.maxPngWidth * TERMS_LIMITS.maxPngHeight,
        })
      ).data;
    } catch (err) {
      if (err instanceof ImageContentError && err.reason === 'unsupported')
        throw new ProblemError('learning.terms_signature_not_png');
      if (err instanceof ImageContentError) throw new ProblemError('learning.terms_signature_unreadable');
      throw err;
    }
    const ip = signer.ip?.slice(0, 64) ?? null;
    const pdf = await signedTermsPdf({
      text: current.text,
      courseTitle: current.title,
      memberName: current.name,
      version: TERMS_VERSION,
      textHash: current.hash,
      enrolmentId: e.id,
      signaturePng: image,
      signedAt: now,
      ip,
    });

    await this.kit.orm.em.fork().transactional(async (em) => {
      // one signature per enrolment: the row lock makes a second acceptance wait, then see Y
      const rows = await em.execute<{ signature: string }[]>(
        `select signature from user_courses where enrolment_id = ? for update`,
        [e.id],
      );
      if (rows[0]?.signature === 'Y') throw new ProblemError('learning.terms_signed');
      em.create(SignedTerms, {
        enrolmentId: e.id,
        userId: e.userId,
        courseId: e.courseId,
        version: TERMS_VERSION,
        textHash: current.hash,
        text: current.text,
        strokes: body.strokes,
        signaturePng: image,
        pdf,
        ip,
        userAgent: signer.userAgent?.slice(0, 500) ?? null,
        signedAt: now,
      });
      await em.flush();
      // UpdateSignature: the enrolment's flag, date and the names of its files
      await em.execute(
        `update user_courses set signature = 'Y', signature_date = ?, signature_path = ?, condition_path = ?
          where enrolment_id = ?`,
        [now, pngName(e.id), pdfName(e.id), e.id],
      );
    });
    this.kit.logger.info({ enrolmentId: e.id, version: TERMS_VERSION }, 'course terms signed');
    return this.view(principal, e.courseId, now);
  }

  /** Staff: a member's enrolment's terms, with a fresh URL of the signed PDF. */
  async staffView(enrolmentId: string, now = new Date()): Promise<TermsStaffView> {
    const e = await this.kit.orm.em.fork().findOne(Enrolment, { id: enrolmentId });
    if (!e) throw new ProblemError('learning.enrolment_not_found');
    const signed = e.signature === 'Y' ? await this.signedOf(e.id) : null;
    return {
      enrolmentId: e.id,
      userId: e.userId,
      courseId: e.courseId,
      signature: e.signature,
      signedAt: e.signatureDate?.toISOString() ?? null,
      version: signed?.version ?? null,
      textHash: signed?.textHash ?? null,
      ip: signed?.ip ?? null,
      userAgent: signed?.userAgent ?? null,
      ...this.pdfLink(e, now),
    };
  }

  /** The signed PDF a signed URL names; undefined for a forged, expired or foreign one. */
  async pdfBySignedUrl(
    p: { exp: string; sig: string; enrolmentId: string; file: string },
    now = new Date(),
  ): Promise<{ pdf: Buffer; name: string } | 'forbidden' | 'not_found'> {
    const exp = /^\d{1,12}$/.test(p.exp) ? Number(p.exp) : NaN;
    const scope = `${TERMS_SCOPE}/${p.enrolmentId}`;
    if (!mediaSignatureValid({ scope, exp, sig: p.sig }, { secret: this.urlSecret, now })) return 'forbidden';
    if (p.file !== pdfName(p.enrolmentId)) return 'not_found';
    const row = await this.kit.orm.em.fork().findOne(SignedTerms, { enrolmentId: p.enrolmentId });
    if (!row) return 'not_found';
    return { pdf: Buffer.from(row.pdf), name: p.file };
  }

  private pdfLink(e: EnrolmentEntity, now: Date): { pdfUrl: string | null; pdfExpiresAt: string | null } {
    if (e.signature !== 'Y' || !e.conditionPath) return { pdfUrl: null, pdfExpiresAt: null };
    const signed = signMediaUrl({
      base: this.settings.LEARNING_PUBLIC_URL,
      secret: this.urlSecret,
      scope: `${TERMS_SCOPE}/${e.id}`,
      file: e.conditionPath,
      ttlSeconds: this.settings.LEARNING_SIGNED_URL_TTL_S,
      now,
    });
    return { pdfUrl: signed.url, pdfExpiresAt: signed.expiresAt.toISOString() };
  }

  /** The member's enrolment in `courseId`, else their selected one; 404 when there is none. */
  private async enrolmentOf(userId: string, courseId: string | undefined): Promise<EnrolmentEntity> {
    const em = this.kit.orm.em.fork();
    const e = courseId
      ? await em.findOne(Enrolment, { userId, courseId })
      : await em.findOne(Enrolment, { userId, selected: 'Y' });
    if (!e) throw new ProblemError('learning.enrolment_not_found');
    return e;
  }

  private signedOf(enrolmentId: string): Promise<SignedTermsEntity | null> {
    return this.kit.orm.em.fork().findOne(SignedTerms, { enrolmentId });
  }

  private async title(courseId: string): Promise<string> {
    return (await this.courses.summaries([courseId])).get(courseId.toLowerCase())?.title ?? courseId;
  }

  /** Today's text for this member and enrolment, and its hash. */
  private async current(
    principal: Principal,
    e: EnrolmentEntity,
  ): Promise<{
    title: string;
    name: string;
    text: { th: TermsText; en: TermsText };
    version: string;
    hash: string;
  }> {
    const title = await this.title(e.courseId);
    const n = await this.kit.orm.em.fork().findOne(MemberName, { userId: principal.sub });
    // a member heard of before migration 0013 has no first/last name here: their shown name, else e-mail
    const firstName = n?.firstName ?? n?.name ?? principal.email ?? '';
    const lastName = n?.firstName ? (n.lastName ?? '') : '';
    const text = termsText({ courseTitle: title, firstName, lastName });
    return {
      title,
      name: `${firstName} ${lastName}`.trim(),
      text,
      version: TERMS_VERSION,
      hash: termsHash(TERMS_VERSION, text),
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    signedTerms: SignedTermsService;
  }
}

export default fp<{ settings: Settings }>(
  async (app, { settings }) => {
    app.decorate('signedTerms', new SignedTermsService(app.kit, app.courses, settings));
  },
  { name: 'signed-terms', dependencies: ['courses'] },
);
