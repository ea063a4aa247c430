import Hummingbird
import GRDB
import NIOSSL
import GraphQL
import Crypto
