"""Writes a PKCS#12 file holding several private keys (spec §4.7 U13, "found <n>").

Usage: python3 multikey.py OUT.p12 FIRST.p12 MORE.p12 ...  (all protected with the password sandbox-pass)

openssl pkcs12 -export takes one -inkey only, so this joins the ContentInfos of the inputs' authenticated
safes into one PFX and writes a fresh password MAC with FIRST's digest, salt and iterations. Nothing is
decrypted: every key bag stays exactly as OpenSSL encrypted it."""
import hashlib, hmac, sys

PASSWORD = "sandbox-pass"
DIGESTS = {bytes.fromhex("608648016503040201"): "sha256", bytes.fromhex("2b0e03021a"): "sha1"}

def read(der, offset=0):
    """(tag, content, end) of the TLV at offset."""
    tag, length, offset = der[offset], der[offset + 1], offset + 2
    if length & 0x80:
        count = length & 0x7F
        length, offset = int.from_bytes(der[offset:offset + count], "big"), offset + count
    return tag, der[offset:offset + length], offset + length

def children(content):
    items, offset = [], 0
    while offset < len(content):
        tag, value, end = read(content, offset)
        items.append((tag, value, content[offset:end]))
        offset = end
    return items

def tlv(tag, content):
    n = len(content)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + content

def pkcs12_kdf(name, password, salt, ident, iterations, size):
    """RFC 7292 Appendix B.2."""
    u, v = hashlib.new(name).digest_size, hashlib.new(name).block_size
    bmp = (password.encode("utf-16-be") + b"\0\0")
    def stretch(data):   # repeated up to the next multiple of v bytes
        size = v * ((len(data) + v - 1) // v)
        return (data * (size // len(data) + 1))[:size]
    i = stretch(salt) + stretch(bmp)
    out = b""
    while len(out) < size:
        a = bytes([ident]) * v + i
        for _ in range(iterations):
            a = hashlib.new(name, a).digest()
        out += a
        b = int.from_bytes((a * (v // u + 1))[:v], "big")
        i = b"".join(((int.from_bytes(i[j:j + v], "big") + b + 1) % (1 << (8 * v))).to_bytes(v, "big") for j in range(0, len(i), v))
    return out[:size]

def parts(path):
    """(ContentInfos of the authenticated safe, MacData fields) of a PFX."""
    _, pfx, _ = read(open(path, "rb").read())
    version, auth_safe, mac_data = children(pfx)
    _, explicit, _ = children(auth_safe[1])[1][:3]
    _, octets, _ = read(explicit)
    infos = [raw for _, _, raw in children(read(octets)[1])]
    digest_info, salt, iterations = children(mac_data[1])
    algorithm = children(children(digest_info[1])[0][1])[0][1]
    return infos, (DIGESTS[algorithm], salt[1], int.from_bytes(iterations[1], "big"))

out, first, *more = sys.argv[1:]
infos, (digest, salt, iterations) = parts(first)
for path in more:
    infos += parts(path)[0]
safe = tlv(0x30, b"".join(infos))
key = pkcs12_kdf(digest, PASSWORD, salt, 3, iterations, hashlib.new(digest).digest_size)
mac = hmac.new(key, safe, digest).digest()
oid = {v: k for k, v in DIGESTS.items()}[digest]
mac_data = tlv(0x30, tlv(0x30, tlv(0x30, tlv(0x06, oid) + b"\x05\x00") + tlv(0x04, mac)) + tlv(0x04, salt) + tlv(0x02, iterations.to_bytes((iterations.bit_length() + 8) // 8, "big")))
content_info = tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010701")) + tlv(0xA0, tlv(0x04, safe)))
open(out, "wb").write(tlv(0x30, tlv(0x02, b"\x03") + content_info + mac_data))
