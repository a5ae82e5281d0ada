import { MOMENT_FAILURES, type MomentReply } from "~/domain/moment-form";

/** Which dialog a submission came from, by the URL it posted to (?add, ?edit=ID, ?delete=ID). */
function dialogIntent(url: string): "create" | "update" | "delete" | undefined {
  const params = new URL(url).searchParams;
  if (params.has("edit")) return "update";
  if (params.has("delete")) return "delete";
  if (params.has("add")) return "create";
  return undefined;
}

/**
 * With JavaScript, a dialog's submission goes through the server action as usual; when it never
 * gets an answer (the connection dropped, the server is unreachable), the dialog stays open with
 * the spec's 'Failed to create video' / 'Failed to update video' / 'Failed to delete video' (as
 * the 'Error' toast and in the dialog) instead of the route's error screen. Redirects pass through.
 */
export async function momentClientAction<T>(
  request: Request,
  serverAction: () => Promise<T>,
): Promise<T | MomentReply> {
  try {
    return await serverAction();
  } catch (error) {
    const intent = dialogIntent(request.url);
    if (!intent || error instanceof Response) throw error;
    const message = MOMENT_FAILURES[intent];
    return { intent, result: { status: "error", error: { "": [message] } }, toast: message };
  }
}
