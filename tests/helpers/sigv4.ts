import crypto from 'node:crypto';

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

// The check S3 and MinIO make of a presigned PUT: recompute the URL's signature from the path and the
// headers the server receives. (s3rver does not check SigV4: "Signature version 4 calculation is
// unimplemented".)
export function presignedPutAccepted(url: string, headers: Record<string, string>, secret: string): boolean {
  const u = new URL(url);
  const q = u.searchParams;
  const signedHeaders = q.get('X-Amz-SignedHeaders')!.split(';');
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonicalQuery = [...q.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    'PUT',
    u.pathname,
    canonicalQuery,
    signedHeaders.map((h) => `${h}:${lower[h] ?? ''}\n`).join(''),
    signedHeaders.join(';'),
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = q.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    q.get('X-Amz-Date'),
    scope,
    crypto.createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, stringToSign).toString('hex') === q.get('X-Amz-Signature');
}
