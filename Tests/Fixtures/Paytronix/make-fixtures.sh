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
# Less common but accepted algorithms, read by our own PKCS#12 code (PKCS12ContentsTests).
openssl pkcs12 -export -macalg sha224 -inkey dev.key -in dev.crt -passout pass:sandbox-pass -out dev-sha224mac.p12
openssl pkcs12 -export -legacy -certpbe PBE-SHA1-RC2-128 -keypbe PBE-SHA1-RC2-128 -inkey dev.key -in dev.crt \
  -passout pass:sandbox-pass -out dev-rc2-128.p12
openssl pkcs12 -export -inkey dev.key  -in dev.crt -certfile other.crt -passout pass:sandbox-pass -out dev-chain.p12
openssl pkcs12 -export -nokeys -in dev.crt -passout pass:sandbox-pass -out dev-nokey.p12
openssl pkcs12 -export -nocerts -inkey other.key -certfile dev.crt -passout pass:sandbox-pass -out dev-mismatch.p12

# Packages for the §4.7 checks that ordinary exports never trip (PaytronixPushPackageRuleTests).
openssl pkcs12 -export -nomac -inkey dev.key -in dev.crt -passout pass:sandbox-pass -out dev-nomac.p12            # U9
openssl pkcs12 -export -macalg md5 -inkey dev.key -in dev.crt -passout pass:sandbox-pass -out dev-md5mac.p12      # U10
openssl pkcs12 -export -certpbe des-ede3-cbc -keypbe des-ede3-cbc -inkey dev.key -in dev.crt \
  -passout pass:sandbox-pass -out dev-des3.p12                                                                   # U10
openssl pkcs12 -export -iter 1000001 -inkey dev.key -in dev.crt -passout pass:sandbox-pass -out dev-iter.p12      # U10
python3 twopass.py                                                                                               # U12
DEV_SUBJECT="/UID=com.example.pushapp/CN=Apple Development IOS Push Services: com.example.pushapp/O=CommerceKit Test"
openssl req -x509 -newkey rsa:1024 -noenc -keyout rsa1024.key -out rsa1024.crt -days 3650 -subj "$DEV_SUBJECT" \
  -addext "1.2.840.113635.100.6.3.1=DER:0500"
openssl pkcs12 -export -inkey rsa1024.key -in rsa1024.crt -passout pass:sandbox-pass -out dev-rsa1024.p12       # U15
for curve in P-256 P-521; do
  name=$(echo "$curve" | tr -d 'P-')
  openssl req -x509 -newkey ec -pkeyopt "ec_paramgen_curve:$curve" -noenc -keyout "ec$name.key" -out "ec$name.crt" \
    -days 3650 -subj "$DEV_SUBJECT" -addext "1.2.840.113635.100.6.3.1=DER:0500"
  openssl pkcs12 -export -inkey "ec$name.key" -in "ec$name.crt" -passout pass:sandbox-pass -out "dev-ec$name.p12"  # accepted / U15
done
# Key and certificate in the clear, MAC iteration count 1: PKCS12MutationTests damages them and writes a new MAC.
openssl pkcs12 -export -keypbe NONE -certpbe NONE -nomaciter -inkey dev.key -in dev.crt -passout pass:sandbox-pass \
  -out dev-plain.p12
openssl pkcs12 -export -keypbe NONE -certpbe NONE -nomaciter -inkey ec256.key -in ec256.crt \
  -passout pass:sandbox-pass -out dev-ec256-plain.p12
openssl req -new -key dev.key -subj "$DEV_SUBJECT" -out v1.csr
openssl x509 -req -in v1.csr -key dev.key -days 3650 -out v1.crt                                                 # no extensions: X.509 v1
openssl pkcs12 -export -inkey dev.key -in v1.crt -passout pass:sandbox-pass -out dev-v1.p12                      # U16
openssl pkcs12 -export -nocerts -inkey other.key -passout pass:sandbox-pass -out other-key.p12
openssl pkcs12 -export -nocerts -inkey prod.key -passout pass:sandbox-pass -out prod-key.p12
python3 multikey.py dev-twokeys.p12 dev-aes.p12 other-key.p12                                                   # U13, 2 keys
python3 multikey.py dev-threekeys.p12 dev-aes.p12 other-key.p12 prod-key.p12                                    # U13, 3 keys
rm -f rsa1024.key rsa1024.crt ec256.key ec256.crt ec521.key ec521.crt v1.csr v1.crt other-key.p12 prod-key.p12
