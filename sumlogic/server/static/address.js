/* sumlogic serve: what the served pages share: the address codec (the play
 * page and the step viewer page) and building elements (SumlogicDom.el).
 *
 * The puzzle and the player's position live in the address as #p=<state>:
 * "z" + base64url of the deflated JSON where the browser compresses, else
 * "j" + base64url of the JSON itself. The server never sees the address.
 * Plain ES2020, no dependencies.
 */
(() => {
  "use strict";

  const KEY = "p";

  function toBase64Url(bytes) {
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(plain, (ch) => ch.charCodeAt(0));
  }

  async function pipe(bytes, stream) {
    const out = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(out).arrayBuffer());
  }

  /** The state text of ``data`` (any JSON value). */
  async function encode(data) {
    const json = new TextEncoder().encode(JSON.stringify(data));
    if (typeof CompressionStream === "function") return "z" + toBase64Url(await pipe(json, new CompressionStream("deflate-raw")));
    return "j" + toBase64Url(json);
  }

  /** The JSON value of a state text made by ``encode``. */
  async function decode(text) {
    const bytes = fromBase64Url(text.slice(1));
    const json = text[0] === "z" ? await pipe(bytes, new DecompressionStream("deflate-raw")) : bytes;
    return JSON.parse(new TextDecoder().decode(json));
  }

  /** The state text in an address hash (``#p=...``, maybe among other keys), or null. */
  function find(hash) {
    const m = new RegExp(`[#&]${KEY}=([A-Za-z0-9_-]+)`).exec(hash || "");
    return m ? m[1] : null;
  }

  /** POST ``body`` as JSON to ``path`` (GET without a body); the answer's JSON, or an Error with its one line.
   * ``options.signal`` (an AbortController's) lets the caller abort the request. */
  async function call(path, body, options = {}) {
    const request = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    if (options.signal) request.signal = options.signal;
    const response = await fetch(path, request);
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    if (!response.ok) {
      const wait = response.headers.get("Retry-After");
      const why = (data && data.error) || `the server answered ${response.status}`;
      throw new Error(wait ? `${why} (try again in ${wait} s)` : why);
    }
    return data;
  }

  window.SumlogicAddress = Object.freeze({ KEY, encode, decode, find, call });

  /** An HTML element with attributes ("text" sets its text, "onX" adds a listener) and children. */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
    return node;
  }

  window.SumlogicDom = Object.freeze({ el });
})();
