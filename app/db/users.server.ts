import { eq, sql } from "drizzle-orm";
import { makeReferralCode } from "~/domain/referral-code";
import type { Database } from "./client.server";
import { type User, users } from "./schema";

/** Queries on users that several API areas share (sign-up, social sign-in). */

/** The user with this e-mail, whatever its case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

/** A referral code nobody has yet (ten tries at four random characters is plenty). */
export async function uniqueReferralCode(db: Database, firstName: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = makeReferralCode(firstName);
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error("could not find a free referral code");
}
