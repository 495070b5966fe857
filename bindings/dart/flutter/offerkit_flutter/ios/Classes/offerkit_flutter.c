// CocoaPods needs one source file to build the plugin's framework, which carries libofferkit.
