/* sumlogic serve: the API page (GET /docs).
 *
 * Lists the endpoints of the OpenAPI document (/openapi.json) with their
 * fields, and lets one send a request from the page and read the answer.
 * Plain ES2020, no dependencies, nothing from another site.
 */
(() => {
  "use strict";

  const EXAMPLES = {
    solve: { puzzle: "sample:killer-1" },
    explain: { puzzle: "sample:sudoku-1", budget: 20000 },
    hint: { puzzle: "sample:killer-1", position: { placed: {}, marks: {} }, level: 1 },
    check: { puzzle: "sample:killer-1", position: { placed: { r1c1: 1 } } },
    grade: { puzzle: "sample:sudoku-1" },
    parse: { puzzle: "sample:kropki-1" },
    convert: { puzzle: "sample:killer-1", to: "fpuzzles" },
    generate: { kind: "sudoku", needs: ["x-wing"], seed: 1 },
  };

  const el = window.SumlogicDom.el;

  async function send(method, url, bodyText, out) {
    out.textContent = "\u2026";
    try {
      const init = method === "post" ? { method: "POST", headers: { "Content-Type": "application/json" }, body: bodyText } : {};
      const response = await fetch(url, init);
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch (error) {
        shown = text;
      }
      out.textContent = `${response.status} ${response.statusText}\n${shown}`;
    } catch (error) {
      out.textContent = `No answer: ${error.message}`;
    }
  }

  function fieldList(operation) {
    const schema = (((operation.requestBody || {}).content || {})["application/json"] || {}).schema;
    if (!schema) return null;
    const required = new Set(schema.required || []);
    return el("ul", { class: "sl-docs-fields" }, Object.entries(schema.properties || {}).map(([name, field]) =>
      el("li", {}, el("code", { text: name }), required.has(name) ? " (required)" : "", `: ${field.description || ""}`)));
  }

  function endpoint(servers, path, method, operation) {
    const name = path.replace(/^\//, "");
    const select = el("select", { "aria-label": "Prefix" }, servers.map((s) => el("option", { value: s.url, text: s.url })));
    const out = el("pre", { class: "sl-docs-out", "aria-live": "polite" });
    const body = method === "post"
      ? el("textarea", { class: "sl-docs-body", rows: 4, spellcheck: "false", "aria-label": `Body of ${name}` })
      : null;
    if (body) body.value = JSON.stringify(EXAMPLES[name] || {}, null, 1);
    const button = el("button", { type: "button", text: "Send", onclick: () => send(method, select.value + path, body ? body.value : "", out) });
    return el("section", { class: "sl-docs-endpoint", id: `op-${name}` },
      el("h2", {}, el("code", { text: `${method.toUpperCase()} ${servers[0].url}${path}` }), ` ${operation.summary || ""}`),
      el("p", { text: operation.description || "" }),
      fieldList(operation),
      el("div", { class: "sl-docs-try" }, select, body, button),
      out);
  }

  async function main() {
    const status = document.getElementById("sl-docs-message");
    try {
      const doc = await window.SumlogicAddress.call("/openapi.json");
      const servers = doc.servers && doc.servers.length ? doc.servers : [{ url: "" }];
      const parts = [];
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(methods)) parts.push(endpoint(servers, path, method, operation));
      }
      document.getElementById("sl-endpoints").replaceChildren(...parts);
      status.textContent = `${doc.info.title} ${doc.info.version}: ${doc.info.description}`;
    } catch (error) {
      status.textContent = `Cannot read the OpenAPI document: ${error.message}`;
      status.className = "sl-message is-error";
    }
    document.body.setAttribute("data-ready", "true");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
