//! Save icons: title-frame palette and 16×16 4-bit frames → RGBA → PNG (memory-card-formats §6).

use super::geometry::FRAME_SIZE;
use super::layout::{read_at, TitleFrame};
use crate::model::words::count;
use crate::model::{Finding, FindingKind};
use serde::Serialize;

/// A save's icon: palette and 16×16 4-bit frames.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Icon {
    /// Title frame byte 0x02 (0x11..0x13 for 1..3 frames).
    pub flag: u8,
    /// 16 PS1 CLUT colours (bit 0-4 red, 5-9 green, 10-14 blue, 15 STP); 0x0000 is transparent.
    pub palette: [u16; 16],
    /// One 128-byte bitmap per frame (low nibble = left pixel), 1..=3 frames.
    #[serde(skip)]
    pub frames: Vec<[u8; 128]>,
}

/// Icon width and height in pixels.
pub const ICON_SIDE: usize = 16;

/// Reads the icon of a save (its bytes start with the title frame). Reports an icon flag
/// outside 0x11..0x13 (the frame count is then clamped to 1..3) and frames cut short.
pub fn parse(save: &[u8]) -> (Icon, Vec<Finding>) {
    let mut findings = Vec::new();
    let flag = save.get(2).copied().unwrap_or(0);
    if !(0x11..=0x13).contains(&flag) {
        findings.push(Finding::warning(FindingKind::Icon, format!(
            "the icon flag is {flag}, not 17, 18 or 19 (1 to 3 frames; the BIOS hides such saves); {} read",
            count(frame_count(flag) as u64, "icon frame")
        )));
    }
    // Saves are whole blocks, so the title frame is complete whenever there is one.
    let palette = read_at::<TitleFrame>(save, 0).map_or([0u16; 16], |t| t.palette);
    let mut frames = Vec::new();
    for k in 0..frame_count(flag) {
        let o = FRAME_SIZE * (k + 1);
        match save.get(o..o + FRAME_SIZE) {
            Some(b) => {
                let mut f = [0u8; 128];
                f.copy_from_slice(b);
                frames.push(f);
            }
            None => {
                findings.push(Finding::warning(
                    FindingKind::Icon,
                    format!(
                        "icon frame {} is cut off (the save is only {} bytes)",
                        k + 1,
                        save.len()
                    ),
                ));
                break;
            }
        }
    }
    (Icon { flag, palette, frames }, findings)
}

/// Icon frames declared by a flag: its low nibble, clamped to 1..=3.
pub fn frame_count(flag: u8) -> usize {
    ((flag & 0x0F) as usize).clamp(1, 3)
}

/// A PS1 CLUT colour as RGBA: 5→8 bits by bit replication; 0x0000 is transparent, every
/// other value opaque.
pub fn rgba(colour: u16) -> [u8; 4] {
    let expand = |v: u16| -> u8 {
        let v = (v & 0x1F) as u8;
        (v << 3) | (v >> 2)
    };
    let alpha = if colour == 0 { 0 } else { 255 };
    [expand(colour), expand(colour >> 5), expand(colour >> 10), alpha]
}

/// The RGBA pixels (16×16, rows top to bottom) of one frame; the low nibble is the left pixel.
pub fn frame_rgba(icon: &Icon, frame: &[u8; 128]) -> Vec<[u8; 4]> {
    frame.iter().flat_map(|&b| [b & 0x0F, b >> 4]).map(|i| rgba(icon.palette[i as usize])).collect()
}

/// Largest scale [`to_png_strip`] accepts.
pub const MAX_SCALE: u32 = 64;

/// Encodes all frames side by side (a horizontal strip, left to right in animation order),
/// each pixel scaled to `scale`×`scale` (clamped to 1..=[`MAX_SCALE`]), as an RGBA PNG.
pub fn to_png_strip(icon: &Icon, scale: u32) -> Result<Vec<u8>, png::EncodingError> {
    let scale = scale.clamp(1, MAX_SCALE) as usize;
    let frames: Vec<Vec<[u8; 4]>> = icon.frames.iter().map(|f| frame_rgba(icon, f)).collect();
    let n = frames.len().max(1);
    let width = ICON_SIDE * scale * n;
    let height = ICON_SIDE * scale;
    let mut data = vec![0u8; width * height * 4];
    for (k, pixels) in frames.iter().enumerate() {
        for (p, px) in pixels.iter().enumerate() {
            let (x0, y0) = ((p % ICON_SIDE + k * ICON_SIDE) * scale, (p / ICON_SIDE) * scale);
            for y in y0..y0 + scale {
                for x in x0..x0 + scale {
                    let o = (y * width + x) * 4;
                    data[o..o + 4].copy_from_slice(px);
                }
            }
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width as u32, height as u32);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header()?;
        w.write_image_data(&data)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_expansion_reaches_255_and_zero_is_transparent() {
        assert_eq!(rgba(0x0000), [0, 0, 0, 0]);
        assert_eq!(rgba(0x8000), [0, 0, 0, 255]);
        assert_eq!(rgba(0x7FFF), [255, 255, 255, 255]);
        // red 1, green 2, blue 16: (1<<3)|(1>>2) = 8, (2<<3)|0 = 16, (16<<3)|(16>>2) = 132.
        assert_eq!(rgba(1 | 2 << 5 | 16 << 10), [8, 16, 132, 255]);
    }

    #[test]
    fn low_nibble_is_the_left_pixel() {
        let mut palette = [0u16; 16];
        palette[1] = 0x001F;
        palette[2] = 0x03E0;
        let mut frame = [0u8; 128];
        frame[0] = 0x21;
        let icon = Icon { flag: 0x11, palette, frames: vec![frame] };
        let px = frame_rgba(&icon, &frame);
        assert_eq!(px[0], [255, 0, 0, 255]);
        assert_eq!(px[1], [0, 255, 0, 255]);
        assert_eq!(px[2], [0, 0, 0, 0]);
    }

    #[test]
    fn strip_png_has_the_scaled_size_and_pixels() {
        let mut palette = [0u16; 16];
        palette[3] = 0x7C00;
        let mut f2 = [0u8; 128];
        f2[127] = 0x30; // frame 2, bottom-right pixel (high nibble of the last byte) = colour 3
        let icon = Icon { flag: 0x12, palette, frames: vec![[0u8; 128], f2] };
        let png_bytes = to_png_strip(&icon, 2).unwrap();
        let dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size()];
        let info = r.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (64, 32));
        let at = |x: usize, y: usize| buf[(y * 64 + x) * 4..(y * 64 + x) * 4 + 4].to_vec();
        assert_eq!(at(63, 31), vec![0, 0, 255, 255]);
        assert_eq!(at(62, 30), vec![0, 0, 255, 255]);
        assert_eq!(at(61, 31), vec![0, 0, 0, 0]);
    }

    #[test]
    fn bad_flag_is_reported_and_clamped() {
        let mut save = vec![0u8; 0x2000];
        save[2] = 0x00;
        let (icon, f) = parse(&save);
        assert_eq!(icon.frames.len(), 1);
        assert_eq!(f.len(), 1);
        assert!(f[0].message.starts_with("the icon flag is 0, not 17, 18 or 19"));
    }
}
