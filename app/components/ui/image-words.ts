import { createContext } from "react";

/**
 * What a missing or broken picture says, in the page's language: "No Image", its accessible name,
 * and "{alt} (image unavailable)" with the slot the browser fills. The site layout provides them
 * from its data (the catalogues stay on the server); the default is the default language's.
 */
export interface ImageWords {
  none: string;
  noneLabel: string;
  unavailable: string;
}

export const ImageWordsContext = createContext<ImageWords>({
  none: "No Image",
  noneLabel: "No image available",
  unavailable: "{alt} (image unavailable)",
});
