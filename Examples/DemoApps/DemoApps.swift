// The ten demo apps written with IntentSDK (issue 5).
