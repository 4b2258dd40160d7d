import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import {
  authContactChannelsTable,
  authMfaRecoveryCodesTable,
  authOauthAccountsTable,
  authProjectsTable,
  authTeamMembersTable,
  authTeamsTable,
  authUsersTable,
} from "../../db/schema/index.ts";
import type { Db, Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Logger } from "../../lib/logger.ts";
import { hashPassword } from "../crypto/passwords.ts";
import type { TokenSubject } from "../crypto/tokens.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { Json } from "./json.ts";
import { grantDefaultProjectPermissions } from "./project-permissions.ts";
import type { SessionStore } from "./sessions.ts";
import {
  insertPersonalTeam,
  type PersonalTeam,
  personalTeamOwner,
  renameUnnamedPersonalTeams,
  type TeamRow,
} from "./teams.ts";
import type { TotpSecrets } from "./totp-secrets.ts";

type UserRow = typeof authUsersTable.$inferSelect;

export interface UserRecord extends UserRow {
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  primaryEmailAuthEnabled: boolean;
  primaryChannelId: string | null;
  oauthProviders: { id: string; account_id: string; email: string | null }[];
  /** The selected team if it still exists (null after the team was deleted). */
  selectedTeam: TeamRow | null;
  /** The project's onboarding.requireEmailVerification, which makes an unverified user restricted. */
  requireEmailVerification: boolean;
}

/** Fields of a user a caller may set; which ones a caller may send is decided by the route schema. */
export interface UserChanges {
  displayName?: string | null;
  profileImageUrl?: string | null;
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  password?: string | null;
  passwordHash?: string | null;
  clientMetadata?: Json;
  clientReadOnlyMetadata?: Json;
  serverMetadata?: Json;
  otpAuthEnabled?: boolean;
  passkeyAuthEnabled?: boolean;
  /** Plain base64 as the wire carries it; sealed before it is stored. */
  totpSecretBase64?: string | null;
  restrictedByAdmin?: boolean;
  restrictedByAdminReason?: string | null;
  restrictedByAdminPrivateDetails?: string | null;
  countryCode?: string | null;
  signUpRiskScores?: { bot: number; free_trial_abuse: number };
  isAnonymous?: boolean;
  /** Must be a team the user is a member of; null clears the selection. */
  selectedTeamId?: string | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const CHANGE_CHANNEL = "auth_user_changed";
const REQUIRE_EMAIL_VERIFICATION = sql<
  boolean | null
>`(${authProjectsTable.config}->>'require_email_verification')::boolean`;
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

/**
 * What each user event carries: the records themselves, which the webhook side renders for the wire
 * (webhooks/store-events.ts), so the store knows nothing of answers.
 */
export interface UserEventData {
  "user.created": UserRecord;
  "user.updated": UserRecord;
  "user.deleted": { id: string };
  "team.created": TeamRow;
  "team_membership.created": { team_id: string; user_id: string };
}

/** Where the store reports user changes; implemented by the webhook dispatcher. */
export interface UserEvents {
  emit<T extends keyof UserEventData>(projectId: string, type: T, data: UserEventData[T]): Promise<void>;
}

export class UserStore {
  /**
   * Users read per request (every call with an access token) are cached briefly. Every write
   * drops the entry here at once and on other instances through the store's bus; the TTL bounds
   * staleness should a notification be lost.
   */
  private cache = new Map<string, { record: UserRecord; at: number }>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private store: Store,
    private sessions: SessionStore,
    /** Receives user.created/updated/deleted (webhooks); absent in tools that only read users. */
    private events: UserEvents | null = null,
    /** Seals TOTP secrets; absent in tools that never write one. */
    private totpSecrets: TotpSecrets | null = null,
    private logger: Logger | null = null,
  ) {}

  private async sealTotp(userId: string, secret: string | null | undefined): Promise<string | null | undefined> {
    if (!secret) return secret;
    if (!this.totpSecrets) throw new Error("this UserStore cannot store TOTP secrets");
    return this.totpSecrets.seal(userId, secret);
  }

  async listenForChanges(): Promise<void> {
    this.unsubscribe = await this.store.bus.subscribe(CHANGE_CHANNEL, (userId) => this.cache.delete(userId));
  }

  stopListening(): void {
    this.unsubscribe?.();
  }

  /** Call after any write that changes what a user looks like. */
  async changed(userId: string): Promise<void> {
    this.cache.delete(userId);
    await this.store.bus.publish(CHANGE_CHANNEL, userId).catch((err: unknown) => {
      // The change is stored; other instances serve the old user until their cache expires.
      this.logger?.warn({ err, userId }, "could not announce a user change to other instances");
    });
  }

  async get(projectId: string, userId: string): Promise<UserRecord | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS && hit.record.projectId === projectId) return hit.record;
    const record = await this.load(projectId, userId);
    if (record) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value ?? "");
      this.cache.set(userId, { record, at: Date.now() });
    }
    return record;
  }

  private async load(projectId: string, userId: string): Promise<UserRecord | null> {
    const rows = await this.store.db
      .select({
        user: authUsersTable,
        channel: authContactChannelsTable,
        team: authTeamsTable,
        requireEmailVerification: REQUIRE_EMAIL_VERIFICATION,
      })
      .from(authUsersTable)
      .innerJoin(authProjectsTable, eq(authProjectsTable.id, authUsersTable.projectId))
      .leftJoin(
        authContactChannelsTable,
        and(eq(authContactChannelsTable.userId, authUsersTable.id), eq(authContactChannelsTable.isPrimary, true)),
      )
      .leftJoin(authTeamsTable, eq(authTeamsTable.id, authUsersTable.selectedTeamId))
      .where(and(eq(authUsersTable.id, userId), eq(authUsersTable.projectId, projectId)));
    const [row] = rows;
    if (!row) return null;
    const accounts = await this.store.db
      .select()
      .from(authOauthAccountsTable)
      .where(eq(authOauthAccountsTable.userId, userId));
    return toRecord(row.user, row.channel, accounts, row.team, row.requireEmailVerification === true);
  }

  /** A selected team must be one of the user's; ids that are no uuid cannot be. */
  private async requireMembership(teamId: string, userId: string): Promise<void> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const [row] = uuid.test(teamId)
      ? await this.store.db
          .select({ userId: authTeamMembersTable.userId })
          .from(authTeamMembersTable)
          .where(and(eq(authTeamMembersTable.teamId, teamId), eq(authTeamMembersTable.userId, userId)))
      : [];
    if (!row) throw KnownErrors.teamMembershipNotFound(teamId, userId);
  }

  async require(projectId: string, userId: string): Promise<UserRecord> {
    return (await this.get(projectId, userId)) ?? throwUserNotFound();
  }

  /** The user who signs in with this e-mail (an auth-enabled contact channel), if any. */
  async findByAuthEmail(projectId: string, email: string): Promise<UserRecord | null> {
    const found = await this.findAuthChannel(projectId, email);
    return found ? this.get(projectId, found.userId) : null;
  }

  /** The auth-enabled e-mail channel with this address, with whether the address was proven. */
  async findAuthChannel(projectId: string, email: string): Promise<{ userId: string; isVerified: boolean } | null> {
    const [channel] = await this.store.db
      .select({ userId: authContactChannelsTable.userId, isVerified: authContactChannelsTable.isVerified })
      .from(authContactChannelsTable)
      .where(
        and(
          eq(authContactChannelsTable.projectId, projectId),
          eq(authContactChannelsTable.type, "email"),
          eq(authContactChannelsTable.value, normalizeEmail(email)),
          eq(authContactChannelsTable.usedForAuth, true),
        ),
      );
    return channel ?? null;
  }

  async create(projectId: string, changes: UserChanges, personalTeam?: PersonalTeam): Promise<UserRecord> {
    const passwordHash =
      changes.passwordHash !== undefined
        ? changes.passwordHash
        : changes.password
          ? await hashPassword(changes.password)
          : null;
    // Known before the insert: a TOTP secret is sealed bound to it.
    const newId = randomUUID();
    const totpSecret = (await this.sealTotp(newId, changes.totpSecretBase64)) ?? null;
    const userId = await this.store.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(authUsersTable)
        .values({
          id: newId,
          projectId,
          displayName: changes.displayName ?? null,
          profileImageUrl: changes.profileImageUrl ?? null,
          passwordHash,
          clientMetadata: changes.clientMetadata ?? null,
          clientReadOnlyMetadata: changes.clientReadOnlyMetadata ?? null,
          serverMetadata: changes.serverMetadata ?? null,
          isAnonymous: changes.isAnonymous ?? false,
          otpAuthEnabled: changes.otpAuthEnabled ?? false,
          passkeyAuthEnabled: changes.passkeyAuthEnabled ?? false,
          totpSecret,
          restrictedByAdmin: changes.restrictedByAdmin ?? false,
          restrictedByAdminReason: changes.restrictedByAdminReason ?? null,
          restrictedByAdminPrivateDetails: changes.restrictedByAdminPrivateDetails ?? null,
          countryCode: changes.countryCode ?? null,
          signUpRiskBot: changes.signUpRiskScores?.bot ?? 0,
          signUpRiskFreeTrialAbuse: changes.signUpRiskScores?.free_trial_abuse ?? 0,
        })
        .returning({ id: authUsersTable.id });
      if (!user) throw new Error("user insert returned nothing");
      if (changes.primaryEmail) {
        await insertPrimaryChannel(tx, projectId, user.id, changes.primaryEmail, {
          verified: changes.primaryEmailVerified ?? false,
          usedForAuth: changes.primaryEmailAuthEnabled ?? false,
        });
      }
      await grantDefaultProjectPermissions(tx, projectId, user.id);
      if (personalTeam) await insertPersonalTeam(tx, projectId, user.id, personalTeamOwner(changes), personalTeam);
      return user.id;
    });
    const created = await this.require(projectId, userId);
    await this.events?.emit(projectId, "user.created", created);
    if (personalTeam && created.selectedTeamId)
      await this.emitTeamCreated(projectId, created.selectedTeamId, created.id);
    return created;
  }

  /**
   * The personal team of a user created without one (a user the server creates gets it after the
   * creation was answered, as on Stack's server). Selected unless the user selected a team already.
   */
  async addPersonalTeam(projectId: string, user: UserRecord, personalTeam: PersonalTeam): Promise<void> {
    const owner = personalTeamOwner({ displayName: user.displayName, primaryEmail: user.primaryEmail });
    const teamId = await this.store.db.transaction((tx) =>
      insertPersonalTeam(tx, projectId, user.id, owner, personalTeam, { select: user.selectedTeamId === null }),
    );
    await this.changed(user.id);
    await this.emitTeamCreated(projectId, teamId, user.id);
  }

  private async emitTeamCreated(projectId: string, teamId: string, userId: string): Promise<void> {
    if (!this.events) return;
    const [team] = await this.store.db.select().from(authTeamsTable).where(eq(authTeamsTable.id, teamId));
    if (!team) return;
    await this.events.emit(projectId, "team.created", team);
    await this.events.emit(projectId, "team_membership.created", { team_id: team.id, user_id: userId });
  }

  /** Replaces an imported hash by this server's own, unless the password changed meanwhile; keeps sessions. */
  async rehashPassword(projectId: string, userId: string, oldHash: string, password: string): Promise<void> {
    await this.store.db
      .update(authUsersTable)
      .set({ passwordHash: await hashPassword(password) })
      .where(
        and(
          eq(authUsersTable.id, userId),
          eq(authUsersTable.projectId, projectId),
          eq(authUsersTable.passwordHash, oldHash),
        ),
      );
    await this.changed(userId);
  }

  /** Applies changes; a changed password revokes every session of the user but `keepSessionId` (as Stack does). */
  async update(
    projectId: string,
    userId: string,
    changes: UserChanges,
    options: { keepSessionId?: string } = {},
  ): Promise<UserRecord> {
    const current = await this.require(projectId, userId);
    const set: Partial<typeof authUsersTable.$inferInsert> = {};
    if (changes.displayName !== undefined) set.displayName = changes.displayName;
    if (changes.profileImageUrl !== undefined) set.profileImageUrl = changes.profileImageUrl;
    if (changes.clientMetadata !== undefined) set.clientMetadata = changes.clientMetadata;
    if (changes.clientReadOnlyMetadata !== undefined) set.clientReadOnlyMetadata = changes.clientReadOnlyMetadata;
    if (changes.serverMetadata !== undefined) set.serverMetadata = changes.serverMetadata;
    if (changes.otpAuthEnabled !== undefined) set.otpAuthEnabled = changes.otpAuthEnabled;
    if (changes.passkeyAuthEnabled !== undefined) set.passkeyAuthEnabled = changes.passkeyAuthEnabled;
    if (changes.totpSecretBase64 !== undefined) set.totpSecret = await this.sealTotp(userId, changes.totpSecretBase64);
    if (changes.restrictedByAdmin !== undefined) set.restrictedByAdmin = changes.restrictedByAdmin;
    if (changes.restrictedByAdminReason !== undefined) set.restrictedByAdminReason = changes.restrictedByAdminReason;
    if (changes.restrictedByAdminPrivateDetails !== undefined) {
      set.restrictedByAdminPrivateDetails = changes.restrictedByAdminPrivateDetails;
    }
    // Lifting an administrator's restriction drops its reason and private details with it.
    if (changes.restrictedByAdmin === false) {
      set.restrictedByAdminReason = null;
      set.restrictedByAdminPrivateDetails = null;
    }
    if (changes.countryCode !== undefined) set.countryCode = changes.countryCode;
    if (changes.signUpRiskScores !== undefined) {
      set.signUpRiskBot = changes.signUpRiskScores.bot;
      set.signUpRiskFreeTrialAbuse = changes.signUpRiskScores.free_trial_abuse;
    }
    if (changes.isAnonymous !== undefined) set.isAnonymous = changes.isAnonymous;
    if (changes.selectedTeamId !== undefined) {
      if (changes.selectedTeamId !== null) await this.requireMembership(changes.selectedTeamId, userId);
      set.selectedTeamId = changes.selectedTeamId;
    }
    let passwordChanged = false;
    if (changes.passwordHash !== undefined) {
      set.passwordHash = changes.passwordHash;
      passwordChanged = true;
    } else if (changes.password !== undefined) {
      set.passwordHash = changes.password === null ? null : await hashPassword(changes.password);
      passwordChanged = true;
    }

    await this.store.db.transaction(async (tx) => {
      if (Object.keys(set).length > 0) {
        await tx.update(authUsersTable).set(set).where(eq(authUsersTable.id, userId));
      }
      // Recovery codes stand in for one authenticator: turning TOTP off, an operator's reset and a
      // new secret all end them (the account page makes a new set after turning TOTP on).
      if (changes.totpSecretBase64 !== undefined) {
        await tx.delete(authMfaRecoveryCodesTable).where(eq(authMfaRecoveryCodesTable.userId, userId));
      }
      if (current.isAnonymous && changes.isAnonymous === false) {
        // An anonymous user's team was named before there was a name; it takes the new one.
        const owner = personalTeamOwner({
          displayName: changes.displayName ?? current.displayName,
          primaryEmail: changes.primaryEmail ?? current.primaryEmail,
        });
        await renameUnnamedPersonalTeams(tx, userId, owner);
      }
      // A replaced primary address stays as a non-primary channel (verified as it was), but no
      // longer signs in: whoever changes it away from a lost address must not keep that way in open.
      const demotePrimary = async () => {
        if (!current.primaryChannelId) return;
        await tx
          .update(authContactChannelsTable)
          .set({ isPrimary: false, usedForAuth: false })
          .where(eq(authContactChannelsTable.id, current.primaryChannelId));
      };
      if (changes.primaryEmail === null && current.primaryChannelId) {
        await demotePrimary();
      } else if (changes.primaryEmail && normalizeEmail(changes.primaryEmail) !== current.primaryEmail) {
        await demotePrimary();
        await promoteOrInsertPrimaryChannel(tx, projectId, userId, changes.primaryEmail, {
          verified: changes.primaryEmailVerified,
          usedForAuth: changes.primaryEmailAuthEnabled ?? current.primaryEmailAuthEnabled ?? true,
        });
      } else if (current.primaryChannelId) {
        const channelSet: { isVerified?: boolean; usedForAuth?: boolean } = {};
        if (changes.primaryEmailVerified !== undefined) channelSet.isVerified = changes.primaryEmailVerified;
        if (changes.primaryEmailAuthEnabled !== undefined) channelSet.usedForAuth = changes.primaryEmailAuthEnabled;
        if (Object.keys(channelSet).length > 0) {
          await tx
            .update(authContactChannelsTable)
            .set(channelSet)
            .where(eq(authContactChannelsTable.id, current.primaryChannelId))
            .catch((error: unknown) => {
              if (isUniqueViolation(error)) throw KnownErrors.userEmailAlreadyExists(current.primaryEmail ?? "");
              throw error;
            });
        }
      }
    });
    await this.changed(userId);
    if (passwordChanged) await this.sessions.revokeAllForUser(projectId, userId, options.keepSessionId);
    const updated = await this.require(projectId, userId);
    await this.events?.emit(projectId, "user.updated", updated);
    return updated;
  }

  async delete(projectId: string, userId: string): Promise<boolean> {
    const rows = await this.store.db
      .delete(authUsersTable)
      .where(and(eq(authUsersTable.id, userId), eq(authUsersTable.projectId, projectId)))
      .returning({ id: authUsersTable.id });
    await this.changed(userId);
    if (rows.length > 0) await this.events?.emit(projectId, "user.deleted", { id: userId });
    return rows.length > 0;
  }

  async touch(userId: string): Promise<void> {
    const now = new Date();
    await this.store.db.update(authUsersTable).set({ lastActiveAt: now }).where(eq(authUsersTable.id, userId));
    // The cached record is otherwise what GET /users answers for a few seconds: stale by one refresh.
    const hit = this.cache.get(userId);
    if (hit) hit.record = { ...hit.record, lastActiveAt: now };
  }

  async list(
    projectId: string,
    options: {
      cursor?: string;
      limit: number;
      desc: boolean;
      query?: string;
      teamId?: string;
      /** Anonymous users are left out unless asked for ("include"), or listed alone ("only"). */
      anonymous?: "exclude" | "include" | "only";
      /** Restricted users (by an admin, or unverified where the project requires verification) too. */
      includeRestricted?: boolean;
      requireEmailVerification?: boolean;
    },
  ): Promise<{ items: UserRecord[]; nextCursor: string | null }> {
    const conditions: SQL[] = [eq(authUsersTable.projectId, projectId)];
    const anonymous = options.anonymous ?? "exclude";
    if (anonymous !== "include") conditions.push(eq(authUsersTable.isAnonymous, anonymous === "only"));
    if (!options.includeRestricted && anonymous !== "only") {
      conditions.push(eq(authUsersTable.restrictedByAdmin, false));
      if (options.requireEmailVerification) {
        const verified = or(eq(authUsersTable.isAnonymous, true), eq(authContactChannelsTable.isVerified, true));
        if (verified) conditions.push(verified);
      }
    }
    if (options.teamId) {
      const members = this.store.db
        .select({ id: authTeamMembersTable.userId })
        .from(authTeamMembersTable)
        .where(eq(authTeamMembersTable.teamId, options.teamId));
      conditions.push(inArray(authUsersTable.id, members));
    }
    if (options.query) {
      const pattern = `%${options.query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const byText = or(
        ilike(authUsersTable.displayName, pattern),
        ilike(authContactChannelsTable.value, pattern),
        sql`${authUsersTable.id}::text ilike ${pattern}`,
      );
      if (byText) conditions.push(byText);
    }
    if (options.cursor) {
      const [anchor] = await this.store.db
        .select({ signedUpAt: authUsersTable.signedUpAt })
        .from(authUsersTable)
        .where(and(eq(authUsersTable.id, options.cursor), eq(authUsersTable.projectId, projectId)));
      if (!anchor) throw KnownErrors.schemaError("The cursor does not point to a user of this project.");
      const after = options.desc
        ? or(
            lt(authUsersTable.signedUpAt, anchor.signedUpAt),
            and(eq(authUsersTable.signedUpAt, anchor.signedUpAt), lte(authUsersTable.id, options.cursor)),
          )
        : or(
            gt(authUsersTable.signedUpAt, anchor.signedUpAt),
            and(eq(authUsersTable.signedUpAt, anchor.signedUpAt), gte(authUsersTable.id, options.cursor)),
          );
      if (after) conditions.push(after);
    }
    const order = options.desc
      ? [desc(authUsersTable.signedUpAt), desc(authUsersTable.id)]
      : [asc(authUsersTable.signedUpAt), asc(authUsersTable.id)];
    const rows = await this.store.db
      .select({ user: authUsersTable, channel: authContactChannelsTable, team: authTeamsTable })
      .from(authUsersTable)
      .leftJoin(
        authContactChannelsTable,
        and(eq(authContactChannelsTable.userId, authUsersTable.id), eq(authContactChannelsTable.isPrimary, true)),
      )
      .leftJoin(authTeamsTable, eq(authTeamsTable.id, authUsersTable.selectedTeamId))
      .where(and(...conditions))
      .orderBy(...order)
      .limit(options.limit + 1);
    const page = rows.slice(0, options.limit);
    const ids = page.map((r) => r.user.id);
    const accounts = ids.length
      ? await this.store.db.select().from(authOauthAccountsTable).where(sql`${authOauthAccountsTable.userId} in ${ids}`)
      : [];
    return {
      items: page.map((r) =>
        toRecord(
          r.user,
          r.channel,
          accounts.filter((a) => a.userId === r.user.id),
          r.team,
          options.requireEmailVerification ?? false,
        ),
      ),
      nextCursor: rows[options.limit]?.user.id ?? null,
    };
  }
}

function throwUserNotFound(): never {
  throw KnownErrors.userNotFound();
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The new primary address: a channel of the user with that address becomes primary (keeping its
 * verification unless `verified` says otherwise), else a new channel (unverified by default).
 */
async function promoteOrInsertPrimaryChannel(
  tx: Tx,
  projectId: string,
  userId: string,
  email: string,
  options: { verified?: boolean; usedForAuth: boolean },
): Promise<void> {
  const value = normalizeEmail(email);
  const [existing] = await tx
    .select({ id: authContactChannelsTable.id, isVerified: authContactChannelsTable.isVerified })
    .from(authContactChannelsTable)
    .where(
      and(
        eq(authContactChannelsTable.userId, userId),
        eq(authContactChannelsTable.type, "email"),
        eq(authContactChannelsTable.value, value),
      ),
    );
  if (!existing) {
    await insertPrimaryChannel(tx, projectId, userId, value, {
      verified: options.verified ?? false,
      usedForAuth: options.usedForAuth,
    });
    return;
  }
  try {
    await tx.transaction(async (inner) => {
      await inner
        .update(authContactChannelsTable)
        .set({ isPrimary: true, isVerified: options.verified ?? existing.isVerified, usedForAuth: options.usedForAuth })
        .where(eq(authContactChannelsTable.id, existing.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw KnownErrors.userEmailAlreadyExists(value);
    throw error;
  }
}

async function insertPrimaryChannel(
  tx: Tx,
  projectId: string,
  userId: string,
  email: string,
  options: { verified: boolean; usedForAuth: boolean },
): Promise<void> {
  const value = normalizeEmail(email);
  try {
    // A savepoint keeps the transaction usable on PostgreSQL after the unique violation.
    await tx.transaction(async (inner) => {
      await inner.insert(authContactChannelsTable).values({
        projectId,
        userId,
        type: "email",
        value,
        isPrimary: true,
        isVerified: options.verified,
        usedForAuth: options.usedForAuth,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw KnownErrors.userEmailAlreadyExists(value);
    throw error;
  }
}

function toRecord(
  user: UserRow,
  channel: typeof authContactChannelsTable.$inferSelect | null,
  accounts: (typeof authOauthAccountsTable.$inferSelect)[],
  team: TeamRow | null,
  requireEmailVerification: boolean,
): UserRecord {
  return {
    requireEmailVerification,
    ...user,
    primaryEmail: channel?.value ?? null,
    primaryEmailVerified: channel?.isVerified ?? false,
    primaryEmailAuthEnabled: channel?.usedForAuth ?? false,
    primaryChannelId: channel?.id ?? null,
    oauthProviders: accounts.map((a) => ({ id: a.providerId, account_id: a.accountId, email: a.email })),
    selectedTeam: team,
  };
}

export function tokenSubject(user: UserRecord, refreshTokenId: string): TokenSubject {
  return {
    userId: user.id,
    projectId: user.projectId,
    refreshTokenId,
    displayName: user.displayName,
    primaryEmail: user.primaryEmail,
    primaryEmailVerified: user.primaryEmailVerified,
    signedUpAt: user.signedUpAt,
    isAnonymous: user.isAnonymous,
    restrictedByAdmin: user.restrictedByAdmin,
    requireEmailVerification: user.requireEmailVerification,
    selectedTeamId: user.selectedTeam?.id ?? null,
    requiresTotpMfa: user.totpSecret !== null,
  };
}
