import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 117: an e-mail address belongs to one account, or to one pending claim on it. It lives
// in three tables (admins.email, admin_emails, verifications), so no single unique index can hold
// the rule; a row trigger on each checks it instead, under a transaction-scoped advisory lock on
// the lower-cased address so two concurrent claims are serialised, and raises a unique violation
// (constraint admin_address_key) like an index would:
// - an account's address (an admin's primary, a verified further address) conflicts with another
//   account's primary or verified address;
// - a pending claim (an invitation, a further address waiting for its link) conflicts with those
//   and with another live pending claim: an unused, unexpired invitation, or another account's
//   pending address whose link is unused and unexpired. Creating an admin directly (the operator's
//   CLI, ADMIN_EMAIL) is not held up by a pending claim: the claim fails when it is used.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function wlx_address_unique() returns trigger language plpgsql as $$
    declare
      address text;
      account uuid;
      invitation uuid;
      pending boolean := false;
    begin
      if tg_table_name = 'admins' then
        address := lower(new.email);
        account := new.id;
      elsif tg_table_name = 'admin_emails' then
        address := lower(new.email);
        account := new.admin_id;
        pending := new.verified_at is null;
      elsif new.type = 'invite' then
        address := lower(new.target);
        invitation := new.id;
        pending := true;
      elsif new.type = 'email_verify' then
        address := lower(new.target);
        account := new.admin_id;
        pending := true;
      else
        return new;
      end if;
      perform pg_advisory_xact_lock(hashtext('wlx_address:' || address));
      if exists (
          select 1 from admins a
          where lower(a.email) = address and a.id is distinct from account)
        or exists (
          select 1 from admin_emails e
          where lower(e.email) = address and e.admin_id is distinct from account
            and e.verified_at is not null)
        or (pending and exists (
          select 1 from admin_emails e
          where lower(e.email) = address and e.admin_id is distinct from account
            and e.verified_at is null
            and exists (
              select 1 from verifications v
              where v.type = 'email_verify' and v.admin_id = e.admin_id and v.target = address
                and v.used_at is null and v.expires_at > now())))
        or (pending and exists (
          select 1 from verifications v
          where v.type = 'invite' and v.target = address and v.id is distinct from invitation
            and v.used_at is null and v.expires_at > now()))
      then
        raise exception 'the address % is already claimed', address
          using errcode = 'unique_violation', constraint = 'admin_address_key';
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`create trigger admins_address_unique before insert or update of email on admins
    for each row execute function wlx_address_unique()`.execute(db);
  await sql`create trigger admin_emails_address_unique
    before insert or update of email, verified_at on admin_emails
    for each row execute function wlx_address_unique()`.execute(db);
  await sql`create trigger verifications_address_unique before insert on verifications
    for each row execute function wlx_address_unique()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists admins_address_unique on admins`.execute(db);
  await sql`drop trigger if exists admin_emails_address_unique on admin_emails`.execute(db);
  await sql`drop trigger if exists verifications_address_unique on verifications`.execute(db);
  await sql`drop function if exists wlx_address_unique()`.execute(db);
}
