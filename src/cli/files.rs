//! The file system, read-only where saves are: a save file opened bounded (regular files only,
//! at most [`MAX_FILE_SIZE`] bytes, read at offsets where the library asks), its PC sidecar
//! read beside it, and outputs refused over the inputs.

use super::error::CliError;
use crate::container::source::{clamp, ByteSource, ReadError};
use crate::ff9::{self, SaveSet};
use anyhow::Context;
use std::fs::File;
use std::io::Read;
use std::path::Path;

pub use crate::ff9::MAX_FILE_SIZE;

/// Why `path` is not a file quadmist reads, from its metadata; `None` for a regular file.
fn not_regular(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("is a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("is a named pipe (FIFO), which could wait forever for data");
        }
        if t.is_socket() {
            return Some("is a socket");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("is a device");
        }
    }
    Some("is not a regular file")
}

/// Opens `path` read-only without blocking on a FIFO (on Unix the open is non-blocking) and
/// refuses anything but a regular file of at most [`MAX_FILE_SIZE`] bytes.
fn open_regular(path: &Path) -> Result<FileSource, (&'static str, String)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| ("cannot open", e.to_string()))?;
    let meta = file.metadata().map_err(|e| ("cannot open", e.to_string()))?;
    if let Some(why) = not_regular(&meta) {
        return Err(("cannot read", format!("it {why}; quadmist reads regular files only")));
    }
    if meta.len() > MAX_FILE_SIZE {
        return Err(("cannot read", ff9::too_large(meta.len())));
    }
    Ok(FileSource { file, size: meta.len() })
}

/// Reads a regular file whole, read-only, refusing FIFOs, devices, directories and anything
/// larger than [`MAX_FILE_SIZE`] (the size is checked again while reading, for a file that
/// grows). One read into a buffer of the size the file's metadata gives (and one more to see
/// the end).
/// The error is the verb (`cannot open`, `cannot read`) and why.
pub fn read_bounded(path: &Path) -> Result<Vec<u8>, (&'static str, String)> {
    let source = open_regular(path)?;
    let cannot = |e: std::io::Error| ("cannot read", e.to_string());
    // One byte more than the metadata says, to notice a file that grew since.
    let mut bytes = vec![0u8; source.size as usize + 1];
    let mut filled = 0;
    while filled < bytes.len() {
        match (&source.file).read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(cannot(e)),
        }
    }
    bytes.truncate(filled);
    if filled > source.size as usize {
        (&source.file)
            .take(MAX_FILE_SIZE + 1 - filled as u64)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    }
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err((
            "cannot read",
            format!(
                "it grew past {} MiB while being read: not a save file",
                MAX_FILE_SIZE / (1024 * 1024)
            ),
        ));
    }
    Ok(bytes)
}

/// Reads a whole file as [`read_bounded`] does; the error names the file.
pub fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    read_bounded(path).map_err(|e| file_error(path, e))
}

/// A file-system error `(verb, why)` as an error chain printed `cannot open PATH: why`.
fn file_error(path: &Path, (verb, why): (&'static str, String)) -> CliError {
    anyhow::Error::msg(why).context(format!("{verb} {}", path.display())).into()
}

/// An open regular file of at most [`MAX_FILE_SIZE`] bytes, read at offsets (`pread`) only
/// where the library asks; its size is the one its metadata gave when opened.
struct FileSource {
    file: File,
    size: u64,
}

impl ByteSource for FileSource {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError> {
        let range = clamp(self.size, offset, len);
        // At most the file's size, which is at most MAX_FILE_SIZE.
        let mut buf = vec![0u8; (range.end - range.start) as usize];
        let mut filled = 0;
        while filled < buf.len() {
            match read_at(&self.file, &mut buf[filled..], range.start + filled as u64) {
                Ok(0) => break, // the file shrank since it was opened
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(ReadError::Io(e)),
            }
        }
        buf.truncate(filled);
        Ok(buf)
    }
}

/// One positioned read.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// One positioned read.
#[cfg(not(unix))]
fn read_at(mut file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    use std::io::{Seek, SeekFrom};
    file.seek(SeekFrom::Start(offset))?;
    file.read(buf)
}

/// Opens a save file and lists its saves (Memoria sidecars are read later, for the selected
/// save only: `select::load_collection`). A PC `.dat` is read only where its saves are.
pub fn open(path: &Path) -> Result<SaveSet, CliError> {
    let source = open_regular(path).map_err(|e| file_error(path, e))?;
    let file_name = path.file_name().and_then(|n| n.to_str());
    let set = ff9::open_source(&source, file_name, &|_| None)
        .map_err(|e| anyhow::Error::msg(without_file_name(path, &e.to_string())))
        .with_context(|| path.display().to_string())?;
    Ok(set)
}

/// `PATH: message`, the file named once: a message that names the file itself (by its file
/// name, as the library does) loses that name.
pub fn name_once(path: &Path, message: &str) -> String {
    format!("{}: {}", path.display(), without_file_name(path, message))
}

/// `message` without `NAME: ` where NAME is the file name of `path` (the library names a file
/// by its file name; the command line names it by the path given).
fn without_file_name(path: &Path, message: &str) -> String {
    match path.file_name().and_then(|n| n.to_str()) {
        Some(name) => message.replace(&format!("{name}: "), ""),
        None => message.to_string(),
    }
}

/// Reads the file `name` beside `path`: `Ok(None)` when there is none.
pub fn read_beside(path: &Path, name: &str) -> Result<Option<Vec<u8>>, std::io::Error> {
    let p = path.parent().map(Path::to_path_buf).unwrap_or_default().join(name);
    match std::fs::symlink_metadata(&p) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => read_bounded(&p).map(Some).map_err(|(_, why)| std::io::Error::other(why)),
    }
}

/// Refuses an output that is the input file itself (by file identity: device and inode, or
/// the Windows file index, so hard and symbolic links count), a directory, or anything but a
/// regular file (a FIFO would block, a device would be written to).
pub fn check_output(output: &Path, input: &Path) -> Result<(), CliError> {
    let shown = output.display();
    // Metadata first: it does not open the file, so a FIFO cannot block here.
    match std::fs::metadata(output) {
        Ok(meta) if meta.is_dir() => {
            return Err(CliError::usage(format!("-o {shown} is a directory: -o takes a file name")))
        }
        Ok(meta) if !meta.is_file() => {
            return Err(CliError::usage(format!(
                "-o {shown} is not a regular file (a named pipe or a device); write to a file, \
                 or use -o - for stdout"
            )))
        }
        _ => {}
    }
    if same_file::is_same_file(output, input).unwrap_or(false) {
        return Err(CliError::usage(format!(
            "-o {shown} is the save being read, the input file itself (maybe through a \
             link); quadmist never writes to a file it reads: choose another -o"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_the_file_once() {
        let p = Path::new("dir/README.md");
        assert_eq!(
            name_once(p, "not a PS1 memory card or save file: README.md: 11849 bytes"),
            "dir/README.md: not a PS1 memory card or save file: 11849 bytes"
        );
        assert_eq!(name_once(p, "damaged"), "dir/README.md: damaged");
    }
}
