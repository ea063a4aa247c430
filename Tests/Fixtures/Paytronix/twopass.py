"""Writes dev-twopass.p12: MAC password sandbox-pass, encryption password other-pass.

openssl pkcs12 -twopass reads both passwords from a terminal only, so this drives it through a pseudo-terminal."""
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp("openssl", ["openssl", "pkcs12", "-export", "-twopass", "-inkey", "dev.key", "-in", "dev.crt", "-out", "dev-twopass.p12"])
def expect(text):
    seen = b""
    while text not in seen:
        chunk = os.read(fd, 1024)
        if not chunk:
            sys.exit("openssl stopped before asking for " + text.decode())
        seen += chunk
for prompt, answer in [(b"MAC Password:", b"sandbox-pass"), (b"MAC Password:", b"sandbox-pass"),
                       (b"Export Password:", b"other-pass"), (b"Export Password:", b"other-pass")]:
    expect(prompt)
    os.write(fd, answer + b"\n")
try:
    while os.read(fd, 1024):
        pass
except OSError:
    pass
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
