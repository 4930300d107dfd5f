/**
 * The one place build-time settings are read from the environment, validated with Zod.
 * A bad value stops the build with a message that names the variable.
 */
import { z } from 'astro/zod';

const buildEnvSchema = z.object({
  /**
   * The build's idea of 'now' (ISO 8601 with offset). Tests pin it so the programme is
   * repeatable; unset means the real clock.
   */
  SITE_NOW: z.string().datetime({ offset: true }).optional(),
  /** Where the newsletter form posts; without it the block offers sign-up by e-mail. */
  PUBLIC_NEWSLETTER_ENDPOINT: z.string().url().optional(),
});

export type BuildEnv = z.infer<typeof buildEnvSchema>;

export function readBuildEnv(env: Record<string, string | undefined> = process.env): BuildEnv {
  const parsed = buildEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build settings (${problems}). See .env.example.`);
  }
  return parsed.data;
}

/** The moment the build treats as now. */
export function buildNow(env: Record<string, string | undefined> = process.env): Date {
  const { SITE_NOW } = readBuildEnv(env);
  return SITE_NOW ? new Date(SITE_NOW) : new Date();
}
