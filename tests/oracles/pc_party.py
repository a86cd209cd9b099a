"""Independent reading of the party leader, gil and place of every save of
../shared/data/real/steam/SavedData_ww.dat and its Switch JSON copies (oracle for
tests/it/pc_dat.rs and tests/it/switch_json.rs).

Run: python3 tests/oracles/pc_party.py  (needs the `cryptography` package)

The .dat: each block decrypted whole; 40000_Common is walked by its sorted keys and the sizes
of their types (dragon_no, escape_no, frog_no i16; gil u32; 256 items of 2 bytes; 9 players of
244 bytes, sorted keys basis .. web_bone, level at +48, name a 128-byte String at +57; 64
rareItems; slot, 4 bytes). The preview of slot s, file f is the 1,024 bytes at
320 + 1024 * (15 s + f), decrypted on its own; the place is a 128-byte String at 29, then the
party (serial i32, level i32, name String) as the load screen shows it.
The Switch JSON: players[slot[first place below 9]].name and .level, gil, read by key.
The script asserts that the three agree and prints the values the tests expect.
"""
import hashlib, json, os, struct
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
d = hashlib.pbkdf2_hmac('sha1', b'System.Security.SecureString', bytes([3,3,1,4,7,0,9,7]), 1000, 48)
key, iv = d[:32], d[32:]
def dec(ct):
    c = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    return c.update(ct) + c.finalize()
def string(b):
    return b.split(b'\0')[0].decode('utf-8')
real = os.path.join(os.path.dirname(__file__), '../../../shared/data/real')
f = open(os.path.join(real, 'steam/SavedData_ww.dat'), 'rb').read()
for b in range(151):
    off = 153920 + 18432 * b
    pt = dec(f[off:off + 17984])
    if pt[:4] != b'SAVE':
        continue
    sel = 'auto' if b == 0 else f'{(b-1)//15+1}-{(b-1)%15+1}'
    common = 5229
    dragon, escape, frog, gil = struct.unpack_from('<hhhI', pt, common)
    players = common + 10 + 256 * 2
    party = pt[players + 9 * 244 + 64:players + 9 * 244 + 68]
    leader = next(p for p in party if p < 9)
    rec = pt[players + 244 * leader:players + 244 * (leader + 1)]
    name, level = string(rec[57:57 + 128]), rec[48]
    place = None
    if b > 0:
        pv = dec(f[320 + 1024 * (b - 1):320 + 1024 * b])
        assert pv[:4] == b'PREV'
        place = string(pv[29:29 + 128])
        serial, pv_level = struct.unpack_from('<ii', pv, 157)
        assert (string(pv[165:165 + 128]), pv_level) == (name, level), sel
    js = 'AUTO' if b == 0 else f'DATA_SLOT{(b-1)//15}_FILE{(b-1)%15}'
    c = json.load(open(os.path.join(real, 'switch', js)))['Data']['40000_Common']
    first = next(int(p) for p in c['slot'] if int(p) < 9)
    p = c['players'][first]
    assert (p['name'], int(p['level']), int(c['gil'])) == (name, level, gil), sel
    print(sel, name, level, gil, place)
