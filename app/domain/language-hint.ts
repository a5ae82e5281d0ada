/**
 * The Accept-Language hint (decision 151): "Diese Seite gibt es auch auf Deutsch", in the language
 * it suggests, with a link to the same page there, never a redirect. The page cache stores one
 * page per URL and language for every visitor, so the server cannot choose: each page carries a
 * small inline script (this one, the same for everyone) that reads the browser's languages
 * (`navigator.languages`, what it sends as Accept-Language), takes the first one the site shows,
 * and when that is not the page's language adds that language's hint at the end of the page,
 * fixed at the bottom of the window (nothing moves). Its button closes it, remembers that in
 * localStorage (no hint on any page again) and puts the focus on the page's content. Without
 * JavaScript there is no hint; the language links in the header and footer remain.
 */
export interface LanguageHint {
  lang: string;
  /** That language's path prefix ("" for the default language). */
  prefix: string;
  label: string;
  text: string;
  link: string;
  dismiss: string;
}

/** Where a dismissal is remembered (this browser, every page and language). */
export const LANGUAGE_HINT_STORAGE_KEY = "wlx-language-hint";

/** JSON that is safe inside a <script> element ("</script>" cannot end it). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The inline script of a page at `pagePrefix` ("" or "/de"); "" when there is no other language. */
export function languageHintScript(pagePrefix: string, hints: readonly LanguageHint[]): string {
  if (hints.length === 0) return "";
  return (
    `(function(){var k=${scriptJson(LANGUAGE_HINT_STORAGE_KEY)},H=${scriptJson(hints)},P=${scriptJson(pagePrefix)};` +
    `try{if(localStorage.getItem(k))return}catch(e){}` +
    `var d=document,o=d.documentElement.lang,w=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||""];` +
    `for(var j=0;j<w.length;j++){var l=String(w[j]).toLowerCase().split("-")[0];if(l===o)return;` +
    `for(var i=0;i<H.length;i++)if(H[i].lang===l){var h=H[i];` +
    `var show=function(){var a=d.createElement("aside"),p=d.createElement("p"),n=d.createElement("a"),b=d.createElement("button");` +
    `var here=function(){var r=location.pathname.slice(P.length);return(h.prefix+(r==="/"?"":r)||"/")+location.search};` +
    `a.className="language-hint";a.lang=h.lang;a.setAttribute("data-language-hint",h.lang);a.setAttribute("aria-label",h.label);` +
    `p.textContent=h.text+" ";n.textContent=h.link;n.hreflang=h.lang;n.href=here();n.addEventListener("click",function(){n.href=here()});p.appendChild(n);` +
    `b.type="button";b.className="language-hint-dismiss";b.textContent=h.dismiss;` +
    `b.addEventListener("click",function(){a.remove();try{localStorage.setItem(k,"dismissed")}catch(e){}var m=d.getElementById("main");if(m)m.focus()});` +
    `a.appendChild(p);a.appendChild(b);d.body.appendChild(a)};` +
    // After the document is parsed, so the hint is the body's last child, after React's own nodes.
    `if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",show);else show();return}}})();`
  );
}
