// OfferKitTypes.generated.h (stand-in): what UnrealHeaderTool would generate; empty here.
