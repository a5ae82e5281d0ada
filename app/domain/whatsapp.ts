/** A wa.me chat link with the business number and prefilled text; open it with target=_blank. */
export function whatsappLink(number: string, text: string): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export function packageEnquiryText(title: string, price?: string, dates?: string): string {
  const pricePart = price ? ` (${price})` : "";
  const datesPart = dates ? ` departing ${dates}` : "";
  return `Hi! I'm interested in booking the "${title}" package${datesPart}${pricePart}. Could you share availability and details?`;
}

/** Attributes every WhatsApp link carries: a new tab without giving it our window. */
export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
