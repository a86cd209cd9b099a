"""Independent reading of the genuine FF9 PlayStation saves in ../shared/data/real/psx-ff9/
(oracle for tests/it/psx_genuine.rs).

Run: python3 tests/oracles/psx_ff9.py
Prints one line per save: file, directory slot (1 for single saves), state, name, region,
language, in-game file, disc (0x1C5 + 1, with the 0x104 bit and the 0x1C0 progression),
CRC check, title (CP932, NFKC-folded), play time in seconds (frames / 50 for PAL, / 60
otherwise), the title's HH:MM, leader name and level, then the cards (id, arrows, atk, type,
pdef, mdef) and the collector points (10 x distinct ids + 5 x distinct masks + X 1 / A 2).
Containers by the spec's offsets: raw card at 0, GME card at 0xF40 (or wherever the `MC`
mark is, for bad.gme), VMP card at 0x80, PSV name at 0x64 and block at 0x84.
"""
import glob, os, struct, unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, '../../../shared/data/real/psx-ff9')

RELEASES = {  # ff9-save-formats §a.1: (prefix, disc-1 code) -> (region, language, fps)
    ('BA', 'SLUS-01251'): ('NTSC-U', 'English', 60),
    ('BI', 'SLPS-02000'): ('NTSC-J', 'Japanese', 60),
    ('BE', 'SLES-02965'): ('PAL', 'English', 50),
    ('BE', 'SLES-02966'): ('PAL', 'French', 50),
    ('BE', 'SLES-02967'): ('PAL', 'German', 50),
    ('BE', 'SLES-02968'): ('PAL', 'Italian', 50),
    ('BE', 'SLES-02969'): ('PAL', 'Spanish', 50),
}
# FF9 charset rows used by these saves (ff9-save-formats §a.6).
CHARSET = '0123456789+-*=% ABCDEFGHIJKLMNOPQRSTUVWXYZ(!?\u201c:.abcdefghijklmnopqrstuvwxyz),/\u2022~&'
PROGRESSION = [(1000, 3899), (3900, 6989), (6990, 10994), (11090, 11770)]


def crc16(data):
    crc = 0xFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def saves(path):
    f = open(path, 'rb').read()
    ext = path.rsplit('.', 1)[1]
    if ext == 'psv':
        return [(1, 'live', f[0x64:0x78].rstrip(b'\0').decode(), f[0x84:0x84 + 0x2000])]
    start = {'mcr': 0, 'vmp': 0x80, 'gme': 0xF40}[ext]
    if f[start:start + 2] != b'MC':
        start = f.index(b'MC')  # bad.gme
    card = f[start:start + 0x20000]
    out = []
    for i in range(1, 16):
        d = card[i * 0x80:(i + 1) * 0x80]
        if d[0] in (0x51, 0xA1):
            state = 'live' if d[0] == 0x51 else 'deleted'
            out.append((i, state, d[0x0A:0x1E].rstrip(b'\0').decode(), card[i * 0x2000:(i + 1) * 0x2000]))
    return out, start


def describe(path):
    got = saves(path)
    shift = None
    if isinstance(got, tuple):
        got, start = got
        shift = start
    rows = []
    for slot, state, name, b in got:
        region, language, fps = RELEASES[(name[:2], name[2:12])]
        file_no = int(name[18:20]) + 1
        disc_byte = b[0x1C5] + 1
        bit = b[0x104]
        prog = struct.unpack_from('<H', b, 0x1C0)[0]
        prog_disc = [k + 1 for k, (lo, hi) in enumerate(PROGRESSION) if lo <= prog <= hi]
        assert bit == 1 << (disc_byte - 1) and prog_disc == [disc_byte], (path, bit, prog)
        crc_ok = struct.unpack_from('<H', b, 0x13FE)[0] == crc16(b[:0x13FE])
        title = unicodedata.normalize('NFKC', b[4:0x44].split(b'\0')[0].decode('cp932'))
        frames = struct.unpack_from('<I', b, 0x12C)[0]
        seconds = frames / fps
        hh, mm = int(title.split('/')[2][:2]), int(title.split('/')[2][3:5])
        assert (int(seconds) // 3600, int(seconds) // 60 % 60) == (hh, mm), (path, seconds, title)
        leader = b[0x106:0x10E].split(b'\xff')[0]
        leader_text = ''.join(CHARSET[c] for c in leader)
        cards = []
        for k in range(100):
            r = b[0x117E + 6 * k:0x117E + 6 * k + 6]
            if r[0] < 100:
                cards.append((k + 1,) + tuple(r))
            else:
                assert r == b'\xff\0\0\0\0\0', (path, k, r.hex())  # empty records
        # Facts the spec left open, true of every genuine save: records 100..104 are empty
        # too, and 0x13F4..0x13FD and 0x1400..0x1FFF are zero.
        assert all(b[0x117E + 6 * k:0x117E + 6 * k + 6] == b'\xff\0\0\0\0\0' for k in range(100, 105))
        assert b[0x13F4:0x13FE] == bytes(10) and b[0x1400:] == bytes(0xC00), path
        points = 10 * len({c[1] for c in cards}) + 5 * len({c[2] for c in cards}) + \
            sum({2: 1, 3: 2}.get(c[4], 0) for c in cards)
        wld = struct.unpack_from('<3H', b, 0x1178)
        rows.append((slot, state, name, region, language, file_no, disc_byte, crc_ok, title,
                     frames, fps, seconds, leader.hex(), leader_text, b[0x105], wld, cards, points,
                     'save count %d' % struct.unpack_from('<I', b, 0x178)[0]))
    return shift, rows


for path in sorted(glob.glob(os.path.join(DIR, '*'))):
    shift, rows = describe(path)
    print(os.path.basename(path), '' if shift in (None, 0, 0x80, 0xF40) else f'card at {shift} (0xF40 - {0xF40 - shift})')
    for r in rows:
        print('  ', r)
