import Greenhouse
import IntentSDK

// Serves Greenhouse over intentd's socket until the process is stopped;
// `greenhouse --manifest` prints its phrase file instead.
try await AppConnection.serve([Greenhouse.self])
