import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 165: a public form's own checks and a booking's seat rule each run as one database
// call. PL/pgSQL gives every statement of a volatile function its own snapshot (read committed),
// so a statement after a lock sees what the lock's last holder committed, as the separate
// statements of decisions 117, 118 and 161 did; one call instead of six round trips.
export async function up(db: Kysely<any>): Promise<void> {
  // The address's hourly limit (decision 117): its advisory lock, then the count in a statement
  // of its own, then the slot when there is room. Answers {"ok": true}, or the seconds until
  // each recent submission leaves the window (oldest first) when there is none.
  await sql`
    create function wlx_take_submission_slot(subject text, window_seconds int, per_window int)
    returns jsonb language plpgsql volatile as $fn$
    declare
      span interval := make_interval(secs => window_seconds);
      recent int;
      remaining float8[];
    begin
      perform pg_advisory_xact_lock(hashtextextended('enquiry-submission ' || subject, 0));
      delete from enquiry_submissions where submitted_at <= now() - span;
      select count(*),
             coalesce(array_agg(extract(epoch from (submitted_at + span - now()))::float8
                                order by submitted_at), '{}')
        into recent, remaining
        from enquiry_submissions
        where ip = subject and submitted_at > now() - span;
      if recent >= per_window then
        return jsonb_build_object('remaining', to_jsonb(remaining));
      end if;
      insert into enquiry_submissions (ip) values (subject);
      return jsonb_build_object('ok', true);
    end
    $fn$
  `.execute(db);
  // A public form's checks (decision 117): its token works once (expired tokens go as others
  // arrive), then the address's limit. Answers {"ok": true}, {"token": "used"} or the limit's
  // {"remaining": [...]}; what it wrote stays when it refuses (a spent token stays spent).
  await sql`
    create function wlx_form_checks(checks jsonb) returns jsonb
    language plpgsql volatile as $fn$
    begin
      delete from contact_form_tokens where expires_at <= now();
      insert into contact_form_tokens (token_hash, expires_at)
        values (checks->>'token_hash', (checks->>'expires_at')::timestamptz)
        on conflict (token_hash) do nothing;
      if not found then
        return jsonb_build_object('token', 'used');
      end if;
      return wlx_take_submission_slot(
        checks->>'subject',
        (checks->>'window_seconds')::int,
        (checks->>'per_window')::int
      );
    end
    $fn$
  `.execute(db);
  // A booking (decisions 118, 123, 161): the form's checks when it has them, then the departure's
  // row lock, then, in statements begun after it, the seats taken and the booking with its
  // events. A refusal after the checks raises (SQLSTATE WLX01-WLX04, the facts as JSON in its
  // detail), so nothing the call wrote is kept; a refusal of the checks themselves returns.
  await sql`
    create function wlx_request_booking(p jsonb) returns jsonb
    language plpgsql volatile as $fn$
    declare
      checked jsonb;
      d record;
      taken int;
      travellers int := (p->>'travellers')::int;
      booked record;
    begin
      if p->'checks' is not null and jsonb_typeof(p->'checks') = 'object' then
        checked := wlx_form_checks(p->'checks');
        if not checked ? 'ok' then
          return jsonb_build_object('kind', 'guarded', 'refusal', checked);
        end if;
      end if;
      select dd.id, dd.package_id, dd.start_date::text as start_date, dd.end_date::text as end_date,
             dd.seats_total, dd.price_amount, dd.currency, dd.status_override,
             pp.title, pp.kind, pp.status = 'published' and pp.deleted_at is null as published
        into d
        from departures dd join packages pp on pp.id = dd.package_id
        where dd.id = (p->>'departure_id')::uuid
        for update of dd;
      if not found or not d.published or d.start_date < p->>'today' or d.seats_total is null
         or d.price_amount is null or d.status_override is not distinct from 'sold_out' then
        raise exception 'the date cannot be booked' using errcode = 'WLX01';
      end if;
      if p->>'seen_amount' is not null and (p->>'seen_amount')::bigint <> d.price_amount then
        raise exception 'the price changed' using errcode = 'WLX02',
          detail = jsonb_build_object('amount', d.price_amount, 'currency', d.currency)::text;
      end if;
      if p->'booking'->>'enquiry_id' is not null then
        -- Held (KEY SHARE, as the foreign key would) so that it cannot vanish before the insert.
        perform 1 from enquiries where id = (p->'booking'->>'enquiry_id')::uuid for key share;
        if not found then
          raise exception 'the enquiry is gone' using errcode = 'WLX04';
        end if;
      end if;
      -- The seats taken: seatsTakenSql's rule (app/server/catalogue/departures.server.ts), with
      -- its statuses passed in from SEAT_TAKING_STATUSES.
      select coalesce(sum(b.adults + b.children), 0)::int into taken
        from bookings b
        where b.departure_id = d.id
          and (b.status in (select jsonb_array_elements_text(p->'taking'))
               or (b.status = 'requested' and b.hold_expires_at > now()));
      if d.seats_total - taken < travellers then
        raise exception 'not enough seats' using errcode = 'WLX03',
          detail = jsonb_build_object('left', greatest(0, d.seats_total - taken))::text;
      end if;
      insert into events (type, admin_id, actor_id, email, ip, user_agent, details)
        select e.type, e.admin_id, e.actor_id, e.email, e.ip, e.user_agent, e.details
        from jsonb_populate_recordset(null::events, p->'events') e;
      -- The total is bookingTotal (app/domain/bookings.ts): the date's price per traveller.
      insert into bookings (reference, departure_id, status, adults, children, lead_name, email,
          phone, country, traveller_names, notes, unit_amount, total_amount, currency, token_hash,
          source, created_by, enquiry_id, language, hold_expires_at)
        select b.reference, d.id, b.status, b.adults, b.children, b.lead_name, b.email,
          b.phone, b.country, b.traveller_names, b.notes, d.price_amount,
          d.price_amount * travellers, d.currency, b.token_hash,
          b.source, b.created_by, b.enquiry_id, b.language,
          case when b.status = 'requested'
            then now() + make_interval(hours => (p->>'hold_hours')::int) end
        from jsonb_populate_record(null::bookings, p->'booking') b
        returning id, reference, status, hold_expires_at into booked;
      return jsonb_build_object('kind', 'booked', 'booking', to_jsonb(booked),
        'departure', to_jsonb(d));
    end
    $fn$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function wlx_request_booking(jsonb)`.execute(db);
  await sql`drop function wlx_form_checks(jsonb)`.execute(db);
  await sql`drop function wlx_take_submission_slot(text, int, int)`.execute(db);
}
