import { ENQUIRY_TEXTS } from "./site-content";

/*
 * Book Now and WhatsApp buttons point at the app's own /whatsapp routes, which count
 * the click and redirect to the chat link with the same prefilled text as before.
 */
export type ChatTopic = keyof typeof ENQUIRY_TEXTS;

export const CHAT_TOPICS = Object.keys(ENQUIRY_TEXTS) as ChatTopic[];

export function isChatTopic(value: string | null | undefined): value is ChatTopic {
  return typeof value === "string" && (CHAT_TOPICS as string[]).includes(value);
}

/** The general chat; `topic` picks the prefilled text (flights, hotels). */
export function chatPath(topic: ChatTopic = "bookNow"): string {
  return topic === "bookNow" ? "/whatsapp" : `/whatsapp?topic=${topic}`;
}

/** A package's chat; `departure` (YYYY-MM-DD) names one of its dates in the text. */
export function packageChatPath(id: string, departure?: string): string {
  return departure ? `/whatsapp/${id}?departure=${departure}` : `/whatsapp/${id}`;
}
