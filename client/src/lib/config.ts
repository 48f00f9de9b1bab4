// Runtime configuration from GET /config.json: one build serves every environment.

export type RuntimeConfig = {
  publicUrl: string;
  graphqlPath: string;
  cognito: {
    region: string;
    userPoolId: string;
    clientId: string;
    endpoint: string;
    domain: string;
    redirectUri: string;
    scopes: string[];
    embedded: boolean;
  };
  map: {
    tileUrl: string;
    defaultCenter: { lat: number; lng: number };
    defaultZoom: number;
    // Sources of the gazetteer and GeoIP data (GeoNames, ODbL, Wikipedia, DB-IP), shown on the map.
    dataAttribution?: string;
  };
  features: { googleSignIn: boolean };
  // The payment provider; null when purchases are off.
  payments?: { provider: 'sandbox' | 'stripe' | 'iyzico' | null };
  // Web push's VAPID public key (ADR 046).
  push?: { vapidPublicKey: string | null };
};

let current: RuntimeConfig | null = null;

// The server writes the config into index.html (`<script type="application/json" id="squad-config">`,
// data that never runs), which saves a round trip at start; otherwise it is fetched.
function inlineConfig(): RuntimeConfig | null {
  const text = globalThis.document?.getElementById('squad-config')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const inline = inlineConfig();
  if (inline) {
    current = inline;
    return current;
  }
  const response = await fetchImpl('/config.json', {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet.');
  return current;
}
