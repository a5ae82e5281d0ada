import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { BookingSource, BookingStatus } from "~/domain/bookings";
import type { Role } from "~/domain/permissions";
import type {
  DepartureOverride,
  Faq,
  ItineraryDay,
  MediaVariant,
  PackageKind,
  PackageStatus,
  VideoType,
} from "~/domain/schemas";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** jsonb columns: pg parses them on read; on write we pass JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface MediaObjectsTable {
  id: Generated<string>;
  storage_key: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  variants: Json<MediaVariant[]>;
  created_at: Timestamp;
}

export interface PackagesTable {
  id: Generated<string>;
  kind: PackageKind;
  slug: string;
  title: string;
  description: Generated<string>;
  location: Generated<string>;
  price: Generated<string>;
  duration: Generated<string>;
  travel_period: Generated<string>;
  rating: number | null;
  review_count: number | null;
  status: Generated<PackageStatus>;
  position: number;
  highlights: Json<string[]>;
  inclusions: Json<string[]>;
  exclusions: Json<string[]>;
  itinerary: Json<ItineraryDay[]>;
  faqs: Json<Faq[]>;
  meeting_point: Generated<string>;
  rating_source: Generated<string>;
  /** Scheduled changes (decision 093): applied and cleared by the job runner. */
  publish_at: NullableTimestamp;
  unpublish_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Soft delete: set, the package is gone from every read but Recently deleted. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Review before publishing (decision 132): in review, or sent back with a comment. */
  review_state: ColumnType<
    "in_review" | "sent_back" | null,
    "in_review" | "sent_back" | null | undefined,
    "in_review" | "sent_back" | null
  >;
  review_submitted_by: ColumnType<string | null, string | null | undefined, string | null>;
  review_submitted_at: NullableTimestamp;
  review_comment: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its own deposit rule (decision 142); both null: the company's rule. */
  deposit_type: ColumnType<
    "percent" | "per_traveller" | "full" | null,
    "percent" | "per_traveller" | "full" | null | undefined,
    "percent" | "per_traveller" | "full" | null
  >;
  /** Percent (1-100) or minor units per traveller; null for "full" (bigint: read as text). */
  deposit_value: ColumnType<string | null, number | null | undefined, number | null>;
}

/** One departure of a package (decision 115): dates as YYYY-MM-DD text on write. */
export interface DeparturesTable {
  id: Generated<string>;
  package_id: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  seats_total: number | null;
  /** bigint: pg returns text; read through json or Number(). */
  price_amount: ColumnType<string | null, number | null | undefined, number | null>;
  currency: string;
  price_text: string | null;
  note: string | null;
  guaranteed: Generated<boolean>;
  status_override: DepartureOverride | null;
  created_at: Generated<Date>;
}

/** A traveller's booking of seats on one departure (decision 118). */
export interface BookingsTable {
  id: Generated<string>;
  reference: string;
  departure_id: string;
  status: BookingStatus;
  adults: number;
  children: Generated<number>;
  lead_name: string;
  email: string;
  phone: Generated<string>;
  country: Generated<string>;
  traveller_names: Json<string[]>;
  notes: Generated<string>;
  /** bigint: pg returns text. */
  unit_amount: ColumnType<string | null, number | null, number | null>;
  total_amount: ColumnType<string | null, number | null, number | null>;
  currency: string;
  token_hash: string;
  hold_expires_at: NullableTimestamp;
  source: BookingSource;
  /** The admin who made a staff booking (decision 123); null for the traveller's own. */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The enquiry a staff booking was made from (decision 123). */
  enquiry_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** When the "your hold ends soon" reminder went out (once per booking; decision 121). */
  hold_reminded_at: NullableTimestamp;
  /** When its personal data was deleted after BOOKING_RETENTION_DAYS (decision 121). */
  anonymised_at: NullableTimestamp;
  /** Why the team must look at its payments (a mismatched amount…); null when all is well. */
  payment_flag: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the balance reminders went out, 14 and 7 days before its due day (decision 136). */
  balance_reminded_14_at: NullableTimestamp;
  balance_reminded_7_at: NullableTimestamp;
  /** When an unpaid balance past its due day flagged the booking (once; decision 136). */
  balance_overdue_at: NullableTimestamp;
  /** The language the traveller used (decision 148); null: the site's default language. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PaymentKind = "deposit" | "balance" | "full";
export type PaymentStatus = "open" | "processing" | "paid" | "failed" | "expired";

/** A payment of a booking (decisions 130, 131): minor units, written before Stripe is asked. */
export interface PaymentsTable {
  id: Generated<string>;
  booking_id: string;
  /** bigint: pg returns text. */
  amount: ColumnType<string, number, number>;
  currency: string;
  kind: PaymentKind;
  method: "card" | "manual";
  status: PaymentStatus;
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_checkout_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_payment_intent_id: ColumnType<string | null, string | null | undefined, string | null>;
  livemode: Generated<boolean>;
  expires_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  /** When the paid payment's receipt and team notice were sent (decision 133). */
  receipt_sent_at: NullableTimestamp;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** How a manual payment came (decision 135); null for card payments through Checkout. */
  channel: ColumnType<ManualChannel | null, ManualChannel | null | undefined, ManualChannel | null>;
  /** The day a manual payment was received ("YYYY-MM-DD": pg's date, read as text). */
  received_on: ColumnType<string | null, string | null | undefined, string | null>;
  note: Generated<string>;
}

export type ManualChannel = "bank_transfer" | "card_by_phone";
export type RefundStatus = "pending" | "succeeded" | "failed" | "canceled";

/** A refund of one payment (decision 135): a card refund is written before Stripe is asked. */
export interface RefundsTable {
  id: Generated<string>;
  booking_id: string;
  payment_id: string;
  /** bigint: pg returns text. */
  amount: ColumnType<string, number, number>;
  currency: string;
  method: "card" | "manual";
  status: RefundStatus;
  stripe_refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  note: Generated<string>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Each Stripe webhook event id, stored once (decision 130). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface PackageImagesTable {
  id: Generated<string>;
  package_id: string;
  position: number;
  url: string;
  media_id: string | null;
  alt: Generated<string>;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
}

export interface PackageVideosTable {
  id: Generated<string>;
  package_id: string;
  position: number;
  type: VideoType;
  url: string;
  title: string | null;
  description: string | null;
  media_id: string | null;
}

export interface TravelMomentsTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  video_url: string;
  thumbnail_url: string | null;
  /** The thumbnail's alt text; blank means the title. */
  thumbnail_alt: Generated<string>;
  duration: string | null;
  order_index: number;
  is_active: Generated<boolean>;
  video_media_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A package's text in one language other than the default (decision 139); "" falls back. */
export interface PackageTranslationsTable {
  package_id: string;
  lang: string;
  title: Generated<string>;
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  description: Generated<string>;
  highlights: Json<string[]>;
  itinerary: Json<ItineraryDay[]>;
  inclusions: Json<string[]>;
  exclusions: Json<string[]>;
  faqs: Json<Faq[]>;
  meeting_point: Generated<string>;
  /** A departure's note per departure id. */
  departure_notes: Json<Record<string, string>>;
  /** An image's alt text per image URL. */
  image_alts: Json<Record<string, string>>;
  /** Staff published it in this language (decision 154); it appears once title and description are there too. */
  published: Generated<boolean>;
  updated_at: Timestamp;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A slug a package gave up in a language: old links answer 301 (decision 139). */
export interface PackageSlugHistoryTable {
  lang: string;
  slug: string;
  package_id: string;
  created_at: Generated<Date>;
}

/** A travel moment's text in one language other than the default (decision 139). */
export interface MomentTranslationsTable {
  moment_id: string;
  lang: string;
  title: Generated<string>;
  description: Generated<string>;
  thumbnail_alt: Generated<string>;
  updated_at: Timestamp;
}

export interface AdminsTable {
  id: Generated<string>;
  email: string;
  /** Display name, 1-100 characters, or null when none was given. */
  name: string | null;
  password_hash: string;
  /** Base32 TOTP secret once two-factor is on; null when off. */
  totp_secret: string | null;
  /** The secret being enrolled, until a correct code confirms it. */
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last TOTP time step accepted: a code works once. */
  totp_last_step: number | null;
  /** When the admin was last e-mailed that codes failed after a right password (decision 117). */
  second_factor_alert_at: Timestamp | null;
  /** One of ROLES (app/domain/permissions.ts); Owner for every admin made before roles. */
  role: Generated<Role>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  admin_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** The password step of a two-factor account: bound to the browser by a cookie, single-use. */
export interface LoginChallengesTable {
  id_hash: string;
  admin_id: string;
  device_email: string;
  device_id: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  admin_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** Authenticator assurance level: 2 when the second factor was given. */
  aal: ColumnType<number, number | undefined, number>;
  ip: string | null;
  user_agent: string | null;
  /** When the session last proved who it is: its sign-in or a later re-authentication. */
  authenticated_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  scope:
    | "email"
    | "ip"
    | "email_ip"
    | "device"
    | "password"
    | "totp"
    | "totp_device"
    | "reset_email"
    | "reset_ip";
  subject: string;
  attempted_at: Timestamp;
}

/** One row per named periodic job: who claimed its latest run, and how it ended (decision 092). */
export interface JobRunsTable {
  name: string;
  last_started_at: Timestamp;
  last_finished_at: Timestamp | null;
  last_error: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Timestamp>;
}

/** Append-only audit trail: written by recordEvent in the change's own transaction. */
export interface EventsTable {
  id: Generated<string>;
  type: string;
  admin_id: string | null;
  actor_id: string | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
  /** Insertion order, to break ties between events written in the same clock tick. */
  seq: Generated<string>;
}

export type VerificationType = "invite" | "password_reset" | "email_verify";

/** Tokens that travel in links: only their SHA-256 is stored; used_at makes them single-use. */
export interface VerificationsTable {
  id: Generated<string>;
  type: VerificationType;
  target: string;
  admin_id: string | null;
  created_by: string | null;
  /** The role an invitation grants; null for every other kind of verification. */
  role: Role | null;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export type EnquiryStatus = "new" | "replied" | "closed";
export type EnquiryNotifyStatus = "pending" | "sent" | "off" | "failed";

/** Contact-form enquiries: stored before the notification e-mail is tried. */
export interface EnquiriesTable {
  id: Generated<string>;
  first_name: string;
  last_name: Generated<string>;
  email: string;
  phone: Generated<string>;
  travel_dates: Generated<string>;
  message: string;
  package_id: string | null;
  package_title: string | null;
  status: Generated<EnquiryStatus>;
  notes: Generated<string>;
  notify_status: Generated<EnquiryNotifyStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The language the visitor wrote in (decision 148); null: the site's default language. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Accepted contact-form posts per client address: what the form's rate limit counts. */
export interface EnquirySubmissionsTable {
  id: Generated<string>;
  ip: string;
  submitted_at: Timestamp;
}

/** Settings of the whole team, one row per name (first: require_two_factor). */
export interface TeamSettingsTable {
  name: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

/** An admin's further addresses; admins.email is the primary one. */
/** Each day's random salt for counting Book Now visitors; deleted when the day is over (117). */
export interface BookingClickSaltsTable {
  day: ColumnType<string, string, string>;
  salt: string;
}

/** Today's counted (visitor, package) pairs as salted hashes; deleted when the day is over (117). */
export interface BookingClickVisitorsTable {
  day: ColumnType<string, string, string>;
  visitor: string;
}

/** Used contact-form time tokens (SHA-256), kept until they would have expired (117). */
export interface ContactFormTokensTable {
  token_hash: string;
  expires_at: Timestamp;
}

export interface AdminEmailsTable {
  id: Generated<string>;
  admin_id: string;
  email: string;
  verified_at: Timestamp | null;
  created_at: Timestamp;
}

/** Book Now / WhatsApp clicks per package ('general' otherwise) per day. */
export interface BookingClicksTable {
  /** YYYY-MM-DD in the company's time zone. */
  day: ColumnType<string, string, string>;
  target: string;
  clicks: Generated<number>;
}

/** A snapshot per save of a package or travel moment: history and restore. */
export interface ContentVersionsTable {
  id: Generated<string>;
  item_type: "package" | "moment";
  item_id: string;
  number: number;
  action: string;
  admin_id: string | null;
  restored_from: number | null;
  content: Json<Record<string, unknown>>;
  /** Media objects the snapshot uses: references for the media lifecycle. */
  media_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

/** A Contributor's pending change to a published package (decision 137): one per package. */
export interface PackageProposalsTable {
  package_id: string;
  /** The package write an approval applies (the form's validated input). */
  input: Json<Record<string, unknown>>;
  /** The package as that write would make it: what "See the changes" compares. */
  snapshot: Json<Record<string, unknown>>;
  /** Media objects the proposal uses: references for the media lifecycle. */
  media_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** The package's version number the author edited. */
  base_version: number;
  proposed_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A Contributor's pending translation of a live or scheduled package (decision 146): one per
 * package and language; the live translation stays until an Editor approves it.
 */
export interface TranslationProposalsTable {
  package_id: string;
  lang: string;
  /** The validated translation an approval applies. */
  value: Json<Record<string, unknown>>;
  state: ColumnType<
    "saved" | "in_review" | "sent_back",
    "saved" | "in_review" | "sent_back" | undefined,
    "saved" | "in_review" | "sent_back"
  >;
  comment: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the live translation the author edited was saved (null: there was none). */
  base_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  proposed_by: string | null;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DB {
  media_objects: MediaObjectsTable;
  packages: PackagesTable;
  departures: DeparturesTable;
  bookings: BookingsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  stripe_events: StripeEventsTable;
  package_images: PackageImagesTable;
  package_videos: PackageVideosTable;
  travel_moments: TravelMomentsTable;
  package_translations: PackageTranslationsTable;
  package_slug_history: PackageSlugHistoryTable;
  moment_translations: MomentTranslationsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  app_secrets: AppSecretsTable;
  events: EventsTable;
  verifications: VerificationsTable;
  enquiries: EnquiriesTable;
  enquiry_submissions: EnquirySubmissionsTable;
  booking_clicks: BookingClicksTable;
  booking_click_salts: BookingClickSaltsTable;
  booking_click_visitors: BookingClickVisitorsTable;
  contact_form_tokens: ContactFormTokensTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  team_settings: TeamSettingsTable;
  admin_emails: AdminEmailsTable;
  content_versions: ContentVersionsTable;
  package_proposals: PackageProposalsTable;
  translation_proposals: TranslationProposalsTable;
  job_runs: JobRunsTable;
}

export type PackageRow = Selectable<PackagesTable>;
export type NewPackageRow = Insertable<PackagesTable>;
export type PackageRowUpdate = Updateable<PackagesTable>;
export type TravelMomentRow = Selectable<TravelMomentsTable>;
export type MediaObjectRow = Selectable<MediaObjectsTable>;
