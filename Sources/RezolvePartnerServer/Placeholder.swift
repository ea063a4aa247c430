import RezolveSDK
