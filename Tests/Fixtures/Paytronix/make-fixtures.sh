#!/bin/sh
# Regenerates the self-signed PKCS#12 push packages used by the Paytronix tests (spec §6.5).
# Run once from this directory with OpenSSL 3; commit the output. The certificates are valid for
# 3650 days from generation, so regenerate them before then. Test password: sandbox-pass.
set -eu
cd "$(dirname "$0")"
openssl req -x509 -newkey rsa:2048 -noenc -keyout dev.key -out dev.crt -days 3650 \
  -subj "/UID=com.example.pushapp/CN=Apple Development IOS Push Services: com.example.pushapp/O=CommerceKit Test" \
  -addext "1.2.840.113635.100.6.3.1=DER:0500"
openssl req -x509 -newkey rsa:2048 -noenc -keyout prod.key -out prod.crt -days 3650 \
  -subj "/UID=com.example.pushapp/CN=Apple Push Services: com.example.pushapp/O=CommerceKit Test" \
  -addext "1.2.840.113635.100.6.3.2=DER:0500"
openssl req -x509 -newkey rsa:2048 -noenc -keyout other.key -out other.crt -days 3650 -subj "/CN=Other"
openssl pkcs12 -export -inkey dev.key  -in dev.crt  -passout pass:sandbox-pass -out dev-aes.p12
openssl pkcs12 -export -legacy -inkey dev.key -in dev.crt -passout pass:sandbox-pass -out dev-legacy.p12
openssl pkcs12 -export -inkey prod.key -in prod.crt -passout pass:sandbox-pass -out prod-aes.p12
openssl pkcs12 -export -inkey dev.key  -in dev.crt -certfile other.crt -passout pass:sandbox-pass -out dev-chain.p12
openssl pkcs12 -export -nokeys -in dev.crt -passout pass:sandbox-pass -out dev-nokey.p12
openssl pkcs12 -export -nocerts -inkey other.key -certfile dev.crt -passout pass:sandbox-pass -out dev-mismatch.p12
