// A shareable URL: the model, size, seed and (when edited) the XML in the page's hash.
export function encodeShare(state) {
  const json = JSON.stringify(state);
  return "#" + btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}

export function decodeShare(hash) {
  if (!hash || hash.length < 2) return null;
  try {
    const bytes = Uint8Array.from(atob(hash.slice(1)), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
