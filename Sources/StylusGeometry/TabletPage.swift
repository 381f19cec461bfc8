public import StylusInput

/// The blank page every test is laid out on: the tablet's active area (as a profile may narrow
/// it) at physical size (1 mm on the tablet is 1 mm on the form). The clock is drawn on it, each
/// maze placed on it as its file's `placement` says (centred by default), the symbol-digit form
/// centred on it; `synth` uses the same page, so the positions it generates map back to the cells
/// and boxes it aimed at.
public enum TabletPage {
    public static func size(of device: DeviceDescription, profile: TabletProfile?) throws -> FormSize {
        let (area, resolution) = try Normalizer.activeArea(of: device, profile: profile)
        let tablet = area.size(at: resolution)
        return FormSize(
            widthCentimetres: tablet.widthMillimetres / 10, heightCentimetres: tablet.heightMillimetres / 10)
    }
}
