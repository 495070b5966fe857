/// The offerkit Dart package in a Flutter app: this plugin only carries the native library per
/// platform (see the plugin's README); the API is `package:offerkit`'s, re-exported here.
library;

export 'package:offerkit/offerkit.dart';
