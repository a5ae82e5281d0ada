/*
 * The "sudo" window's words and numbers, shared by the confirm-access screen and the server
 * (decision 119).
 */

export const REAUTH_WINDOW_MINUTES = 10;
export const CONFIRM_ACCESS_PATH = "/admin/confirm-access";
export const REAUTH_REQUIRED_MESSAGE = `For your security, confirm it is you before you do this: you signed in more than ${REAUTH_WINDOW_MINUTES} minutes ago. Nothing was changed.`;
export const ACCESS_CONFIRMED_MESSAGE = `Access confirmed for the next ${REAUTH_WINDOW_MINUTES} minutes. Please do it again: nothing was changed before.`;
