"""Independent decryption of ../shared/data/real/steam/SavedData_ww.dat (oracle for tests/pc_dat.rs).

Run: python3 tests/oracles/pc_dat.py [SELECTOR...]  (needs the `cryptography` package)
Prints, per save, the play time, D/L/W, owned cards, the padding and whether the block tail
is zero; with selectors, every card entry of those saves. Decrypts each block whole.
"""
import hashlib, os, struct, sys
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
d = hashlib.pbkdf2_hmac('sha1', b'System.Security.SecureString', bytes([3,3,1,4,7,0,9,7]), 1000, 48)
key, iv = d[:32], d[32:]
def dec(ct):
    c = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    return c.update(ct) + c.finalize()
f = open(os.path.join(os.path.dirname(__file__), '../../../shared/data/real/steam/SavedData_ww.dat'),'rb').read()
meta = dec(f[0:304])
print(meta[:40], struct.unpack('<4sfiiidii', meta[:36]), meta[-16:])
for b in range(151):
    off = 153920 + 18432*b
    blk = f[off:off+18432]
    pt = dec(blk[:17984])
    sel = 'auto' if b == 0 else f'{(b-1)//15+1}-{(b-1)%15+1}'
    if pt[:4] != b'SAVE':
        assert pt[:4] == b'NONE', (b, pt[:8]); continue
    t = struct.unpack_from('<d', pt, 14386)[0]
    w = struct.unpack_from('<hhh', pt, 5223)
    cards = [pt[4123+11*k:4123+11*k+11] for k in range(100)]
    owned = [c for c in cards if c[3] < 100]
    print(sel, 'time', t, 'D/L/W', w, 'owned', len(owned), 'pad', pt[-14:].hex(), 'tail-zero', blk[17984:] == bytes(18432-17984))
    if sel in sys.argv[1:]:
        for k,c in enumerate(cards[:len(owned)+1]):
            print(' ', k+1, 'arrow=%d atk=%d cpoint=%d id=%d mdef=%d pdef=%d side=%d type=%d' % (c[0],c[1],c[2],c[3],c[4],c[5],c[6],struct.unpack_from('<i',c,7)[0]))
