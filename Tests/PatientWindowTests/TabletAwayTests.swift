import PatientWindow
import StylusGeometry
import Testing

/// What the patient sees while the tablet is unplugged (administer waits for it to come back).
@Suite("Tablet away")
struct TabletAwayTests {
    @Test("The patient is asked to wait, in these words")
    func words() {
        #expect(
            PatientWords.tabletUnplugged
                == "Please wait: the tablet was disconnected. The test continues when it is plugged in again.")
        #expect(PatientView.tabletAway.message == PatientWords.tabletUnplugged)
        #expect(!PatientView.tabletAway.showsButtons)
    }

    @Test("The form is hidden while the tablet is away: nothing drawn then is recorded")
    func formHidden() {
        let layout = ScreenLayout(
            form: FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524), screenWidth: 1920, screenHeight: 1080,
            pixelsPerInch: 166.0131)
        let view = PatientView.tabletAway
        #expect(view.isObscured(FormPosition(xCentimetres: 14, yCentimetres: 8)))
        #expect(view.isObscured(FormPosition(xCentimetres: 0.1, yCentimetres: 0.1)))
        for row in [0, 540, 1079] { #expect(view.visibleColumns(row: row, on: layout) == nil) }
    }
}
