// IntentSDK: the App Intents-style Swift API (issue 5).
