//! Runs of the built `quadmist` with assertions on their exit and output: the little the tests
//! need of assert_cmd, written here so a cold `cargo test` does not build it and what it pulls
//! in (bstr, regex-automata, wait-timeout). Output assertions take `predicates`.

use predicates::Predicate;
use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

/// The `quadmist` of this build, with its arguments and environment. Standard input is empty.
pub struct Command {
    cmd: std::process::Command,
    timeout: Option<Duration>,
}

impl Command {
    /// A run of the binary under test.
    pub fn quadmist() -> Command {
        Command { cmd: std::process::Command::new(env!("CARGO_BIN_EXE_quadmist")), timeout: None }
    }

    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Self {
        self.cmd.arg(arg);
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(&mut self, args: I) -> &mut Self {
        self.cmd.args(args);
        self
    }

    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Self {
        self.cmd.env(key, value);
        self
    }

    pub fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut Self {
        self.cmd.env_remove(key);
        self
    }

    pub fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.cmd.current_dir(dir);
        self
    }

    /// Kills the run, failing the test, when it has not ended after `limit`.
    pub fn timeout(&mut self, limit: Duration) -> &mut Self {
        self.timeout = Some(limit);
        self
    }

    /// Runs it to the end: exit status, standard output and standard error. What a run asked
    /// for `--json` printed is checked against its command's JSON Schema.
    pub fn output(&mut self) -> std::io::Result<Output> {
        let output = self.run()?;
        let args: Vec<_> = self.cmd.get_args().map(|a| a.to_os_string()).collect();
        if let Err(e) = crate::json_schema::check_output(&args, &output.stdout) {
            panic!("{e}");
        }
        Ok(output)
    }

    fn run(&mut self) -> std::io::Result<Output> {
        self.cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let Some(limit) = self.timeout else {
            return self.cmd.output();
        };
        let mut child = self.cmd.spawn()?;
        let stdout = drain(&mut child, true);
        let stderr = drain(&mut child, false);
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if start.elapsed() > limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!("quadmist {:?} still running after {limit:?}", self.cmd.get_args());
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let stdout = stdout.join().expect("reading standard output");
        let stderr = stderr.join().expect("reading standard error");
        Ok(Output { status, stdout, stderr })
    }

    /// Runs it to the end, for assertions.
    pub fn assert(&mut self) -> Assert {
        let output = self.output().expect("running quadmist");
        Assert { args: format!("{:?}", self.cmd.get_args().collect::<Vec<_>>()), output }
    }
}

/// Reads the child's standard output (or error) to the end on a thread of its own.
fn drain(child: &mut Child, stdout: bool) -> std::thread::JoinHandle<Vec<u8>> {
    let mut pipe: Box<dyn Read + Send> = if stdout {
        Box::new(child.stdout.take().expect("piped"))
    } else {
        Box::new(child.stderr.take().expect("piped"))
    };
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// A finished run. Each check panics with the run's arguments and output when it fails.
pub struct Assert {
    args: String,
    output: Output,
}

impl Assert {
    fn fail(&self, what: &str) -> ! {
        panic!(
            "quadmist {}: {what}\nexit: {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.args,
            self.output.status.code(),
            String::from_utf8_lossy(&self.output.stdout),
            String::from_utf8_lossy(&self.output.stderr)
        )
    }

    /// Exit code 0.
    pub fn success(self) -> Self {
        if !self.output.status.success() {
            self.fail("expected success");
        }
        self
    }

    /// This exit code.
    pub fn code(self, code: i32) -> Self {
        if self.output.status.code() != Some(code) {
            self.fail(&format!("expected exit code {code}"));
        }
        self
    }

    /// Standard output (as UTF-8 text) satisfies `p`.
    pub fn stdout(self, p: impl Predicate<str>) -> Self {
        if !p.eval(&String::from_utf8_lossy(&self.output.stdout)) {
            self.fail(&format!("stdout: expected {p}"));
        }
        self
    }

    /// Standard error (as UTF-8 text) satisfies `p`.
    pub fn stderr(self, p: impl Predicate<str>) -> Self {
        if !p.eval(&String::from_utf8_lossy(&self.output.stderr)) {
            self.fail(&format!("stderr: expected {p}"));
        }
        self
    }

    /// The run's exit status and output.
    pub fn get_output(&self) -> &Output {
        &self.output
    }
}

mod tests {
    use super::Command;
    use predicates::str::contains;

    /// The message `check` panics with; fails when it does not panic.
    fn panic_message(check: impl FnOnce() + std::panic::UnwindSafe) -> String {
        let payload = std::panic::catch_unwind(check).expect_err("the check should fail");
        match (payload.downcast_ref::<String>(), payload.downcast_ref::<&str>()) {
            (Some(s), _) => s.clone(),
            (None, Some(s)) => s.to_string(),
            (None, None) => String::new(),
        }
    }

    #[test]
    fn a_run_that_holds_passes_its_checks() {
        Command::quadmist()
            .arg("--version")
            .assert()
            .success()
            .code(0)
            .stdout(contains("quadmist"));
    }

    #[test]
    fn a_wrong_exit_code_fails() {
        let message = panic_message(|| {
            Command::quadmist().arg("--version").assert().code(2);
        });
        assert!(message.contains("expected exit code 2"), "{message}");
    }

    #[test]
    fn output_without_the_text_fails() {
        let message = panic_message(|| {
            Command::quadmist().arg("--version").assert().stdout(contains("not in the version"));
        });
        assert!(message.contains("stdout: expected"), "{message}");
    }
}
