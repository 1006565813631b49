/**
 * The two scripts the web app's HTML carries inline (decision 074), here so the page that holds
 * them (apps/web/scripts/prerender.mjs, through src/prerender-entry.tsx) and the Content Security
 * Policy that allows exactly them by hash (the API's security headers) read the same text.
 * Written small by hand: every visitor downloads them with the page.
 */

/**
 * Guest pages: a pre-rendered form is on screen seconds before the app's script on a slow
 * network. A submit before the app has taken over is held (never sent by the browser itself,
 * which would put the fields in a GET address) and its button shows its waiting words; the app
 * sends it once it runs (apps/web/src/lib/pre-app-input.ts). Nothing is stored.
 */
export const QUEUE_EARLY_SUBMIT_SCRIPT =
  '(function(){document.addEventListener("submit",function(e){' +
  'if(document.documentElement.dataset.hydrated)return;' +
  'var f=e.target;e.preventDefault();if(!(f instanceof HTMLFormElement)||f.dataset.queued)return;' +
  'var b=e.submitter||f.querySelector("[type=submit]");f.dataset.queued="true";' +
  'if(b&&b.dataset.queuedText){b.dataset.queued=b.dataset.queuedText;' +
  'b.setAttribute("aria-label",b.dataset.queuedText);b.setAttribute("aria-busy","true")}' +
  '},true)})();';

/**
 * Every /dashboard address: the session refresh asked for from the HTML's head, beside the app's
 * code instead of after it, with `include=dashboard`, so its answer also carries the wallet and
 * the first page of trades (decision 077): one round trip, not two. The refresh is the one the
 * app would send (the stored user id, the HttpOnly cookie; no token in an address or a cookie);
 * the app takes these answers instead of asking again (apps/web/src/lib/early-answers.ts), as a
 * refresh token works once. The wallet and the trades are kept as the answers of the exact
 * addresses the app asks for them at, in the envelope those routes answer with; a refresh answer
 * without them (it cannot happen with this build's API) sends those requests as before.
 */
export const EARLY_DASHBOARD_REQUESTS_SCRIPT =
  '(function(){try{var s=localStorage,i=s.getItem("user_id");if(!i)return;' +
  'var u=encodeURIComponent(i),a="/api/v1",e=window.__kartaEarly={},' +
  'p=a+"/user/refresh_token/"+u,' +
  'r=fetch(p+"?include=dashboard",{method:"POST",credentials:"include"});' +
  'e["POST "+location.origin+p]=r;' +
  'e.ready=r.then(function(x){return x.ok?x.clone().json():{}}).then(function(b){' +
  'if(!b.token||!b.data||b.data.id!==i)return;var h={authorization:b.token},' +
  'k=s.getItem("karta:session"),d=b.dashboard||{};if(k)h["x-karta-session"]=k;' +
  '[[a+"/transaction/wallet/"+u,d.wallet,"Wallet"],' +
  '[a+"/trade/fetch_trade/"+u+"?page=1&size=10",d.trades,"Trades"]].forEach(function(q){' +
  'var f=q[1]?Promise.resolve(new Response(JSON.stringify({status:"success",message:q[2],' +
  'data:q[1]}),{headers:{"content-type":"application/json"}})):' +
  'fetch(q[0],{credentials:"include",headers:h});f.catch(function(){});' +
  'e["GET "+location.origin+q[0]]=f})}).catch(function(){})' +
  '}catch(x){}})();';

/** Every inline script the web app's pages hold: the only ones its CSP lets run. */
export const INLINE_SCRIPTS = [QUEUE_EARLY_SUBMIT_SCRIPT, EARLY_DASHBOARD_REQUESTS_SCRIPT];
