import Crypto
import _CryptoExtras
