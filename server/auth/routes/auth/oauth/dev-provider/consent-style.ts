/**
 * The consent page's look, served as its own stylesheet so the page needs no inline style or
 * script under a strict Content-Security-Policy. Colours follow the web app's shell; every text
 * colour keeps at least 4.5:1 against the card.
 */
export const CONSENT_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { min-height: 100%; }
body {
  margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 1rem;
  color: #e5e7eb; background: linear-gradient(135deg, #0b1020, #111a33 45%, #1b1240); background-attachment: fixed;
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.5; -webkit-font-smoothing: antialiased;
}
main {
  width: 100%; max-width: 28rem; padding: 1.5rem; border: 1px solid rgba(255, 255, 255, 0.1); border-radius: 0.75rem;
  background: rgba(15, 23, 42, 0.85); box-shadow: 0 25px 50px -12px rgba(0, 0, 0, 0.5);
}
.top { display: flex; align-items: center; justify-content: space-between; gap: 0.75rem; margin-bottom: 1rem; }
.mark { display: flex; align-items: center; gap: 0.5rem; font-weight: 600; color: #fff; }
.mark svg { width: 1.75rem; height: 1.75rem; flex-shrink: 0; }
.badge {
  display: inline-block; padding: 0.125rem 0.5rem; border: 1px solid rgba(251, 191, 36, 0.5); border-radius: 999px;
  background: rgba(120, 53, 15, 0.35); color: #fde68a; font-size: 0.75rem; font-weight: 600;
}
a { color: #a5b4fc; }
a:hover { color: #c7d2fe; }
h1 { margin: 0 0 0.5rem; font-size: 1.375rem; line-height: 1.3; color: #fff; overflow-wrap: anywhere; }
p { margin: 0 0 0.75rem; }
.intro { color: #cbd5e1; font-size: 0.9375rem; }
ul { margin: 0 0 1.25rem; padding-left: 1.25rem; color: #cbd5e1; font-size: 0.875rem; }
li { margin: 0.25rem 0; }
label { display: block; margin: 0.875rem 0 0.375rem; font-size: 0.875rem; font-weight: 500; color: #e2e8f0; }
input {
  width: 100%; padding: 0.5rem 0.75rem; border: 1px solid #64748b; border-radius: 0.375rem;
  background: rgba(2, 6, 23, 0.6); color: #fff; font: inherit;
}
input[aria-invalid="true"] { border-color: #f87171; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid #818cf8; outline-offset: 2px; }
.error {
  margin: 0.5rem 0 0; padding: 0.5rem 0.75rem; border: 1px solid rgba(248, 113, 113, 0.4); border-radius: 0.375rem;
  background: rgba(69, 10, 10, 0.5); color: #fecaca; font-size: 0.875rem;
}
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1.5rem; }
button {
  flex: 1 1 8rem; min-height: 2.5rem; padding: 0.5rem 1rem; border-radius: 0.375rem; font: inherit; font-weight: 500;
  cursor: pointer;
}
button.primary { border: 1px solid #4f46e5; background: #4f46e5; color: #fff; }
button.primary:hover { background: #4338ca; }
button.secondary { border: 1px solid #64748b; background: transparent; color: #e2e8f0; }
button.secondary:hover { background: rgba(255, 255, 255, 0.06); }
.hint { margin: 1.25rem 0 0; padding-top: 1rem; border-top: 1px solid rgba(255, 255, 255, 0.1); color: #94a3b8; font-size: 0.8125rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.95em; color: #e2e8f0; overflow-wrap: anywhere; }
`;
