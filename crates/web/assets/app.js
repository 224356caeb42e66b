// The home page: shows whether the API answers. The game pages come with the next phase.

/** POST (or GET when body is undefined) a JSON request to the API; throws the API's error text. */
export async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ?? `HTTP ${response.status}`);
  return json;
}

async function showHealth() {
  const el = document.getElementById('health');
  if (!el) return;
  try {
    const h = await api('/api/health');
    el.textContent = `Server ${h.status}, version ${h.version}.`;
  } catch (e) {
    el.textContent = `The server does not answer: ${e.message}`;
  }
}

showHealth();
