// The home page: shows whether the API answers.
import { api } from './common.js';

async function showHealth() {
  const el = document.getElementById('health');
  if (!el) return;
  try {
    const h = await api('/api/health');
    el.textContent = `Server ${h.status}, version ${h.version}. Everything runs on this machine.`;
  } catch (e) {
    el.textContent = `Cannot check the server: ${e.message}.`;
  }
}

showHealth();
