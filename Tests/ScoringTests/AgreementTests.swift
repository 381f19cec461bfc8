import Testing

@testable import Scoring

/// Agreement against hand computations from the literature.
@Suite("Agreement between raters")
struct AgreementTests {
    /// `count` pairs of (a, b).
    static func pairs(_ a: String, _ b: String, _ count: Int) -> [(String, String)] {
        Array(repeating: (a, b), count: count)
    }

    /// Cohen (1960)'s kappa on the 2 × 2 example most texts use (50 grant applications; Wikipedia, "Cohen's
    /// kappa", example): both yes 20, A yes B no 5, A no B yes 10, both no 15. By hand: p_o = 35/50 = 0.7; A says
    /// yes 25/50, B 30/50, so p_e = 0.5 × 0.6 + 0.5 × 0.4 = 0.5; κ = (0.7 − 0.5)/(1 − 0.5) = 0.4.
    @Test("Cohen's kappa of the grant-applications example is 0.4")
    func kappaOfTheStandardExample() throws {
        let pairs =
            Self.pairs("yes", "yes", 20) + Self.pairs("yes", "no", 5) + Self.pairs("no", "yes", 10)
            + Self.pairs("no", "no", 15)
        #expect(abs(try #require(Agreement.cohensKappa(pairs)) - 0.4) < 1e-12)
        #expect(Agreement.exact(pairs) == 0.7)
    }

    /// The same observed agreement (60 of 100) gives different kappas under different marginals (Wikipedia's
    /// "same percentages but different numbers" tables). 45/15/25/15: p_e = 0.6 × 0.7 + 0.4 × 0.3 = 0.54,
    /// κ = 0.06/0.46 = 0.1304; 25/35/5/35: p_e = 0.6 × 0.3 + 0.4 × 0.7 = 0.46, κ = 0.14/0.54 = 0.2593.
    @Test("Kappa depends on the marginals, not only on the share of agreement")
    func kappaDependsOnMarginals() throws {
        let first =
            Self.pairs("yes", "yes", 45) + Self.pairs("yes", "no", 15) + Self.pairs("no", "yes", 25)
            + Self.pairs("no", "no", 15)
        let second =
            Self.pairs("yes", "yes", 25) + Self.pairs("yes", "no", 35) + Self.pairs("no", "yes", 5)
            + Self.pairs("no", "no", 35)
        #expect(abs(try #require(Agreement.cohensKappa(first)) - 0.06 / 0.46) < 1e-12)
        #expect(abs(try #require(Agreement.cohensKappa(second)) - 0.14 / 0.54) < 1e-12)
        #expect(Agreement.exact(first) == 0.6)
        #expect(Agreement.exact(second) == 0.6)
    }

    @Test("Kappa is undefined when both raters put everything in one category, and for no pairs")
    func kappaUndefined() {
        #expect(Agreement.cohensKappa(Self.pairs("correct", "correct", 55)) == nil)
        #expect(Agreement.cohensKappa([(String, String)]()) == nil)
        #expect(Agreement.exact([(String, String)]()) == nil)
        // Perfect agreement over two categories is 1, not undefined.
        #expect(Agreement.cohensKappa(Self.pairs("a", "a", 3) + Self.pairs("b", "b", 2)) == 1)
    }

    /// Shrout and Fleiss (1979), Table 2: six targets rated by four judges; Table 4 gives ICC(1,1) = .17,
    /// ICC(2,1) = .29, ICC(3,1) = .71, ICC(1,4) = .44, ICC(2,4) = .62, ICC(3,4) = .91 (BMS 11.24, JMS 32.49,
    /// WMS 6.26, EMS 1.02).
    @Test("The intraclass correlations of Shrout and Fleiss's example")
    func shroutAndFleiss() throws {
        let ratings: [[Double]] = [
            [9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9], [6, 2, 4, 7],
        ]
        let icc = try #require(Agreement.intraclassCorrelation(ratings))
        func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        #expect(rounded(icc.oneWaySingle) == 0.17)
        #expect(rounded(icc.twoWayRandomSingle) == 0.29)
        #expect(rounded(icc.twoWayMixedSingle) == 0.71)
        #expect(rounded(icc.oneWayMean) == 0.44)
        #expect(rounded(icc.twoWayRandomMean) == 0.62)
        #expect(rounded(icc.twoWayMixedMean) == 0.91)
    }

    @Test("No intraclass correlation for too few targets, ragged rows or all ratings equal")
    func intraclassCorrelationUndefined() {
        #expect(Agreement.intraclassCorrelation([[1, 2]]) == nil)
        #expect(Agreement.intraclassCorrelation([[1], [2]]) == nil)
        #expect(Agreement.intraclassCorrelation([[1, 2], [3]]) == nil)
        #expect(Agreement.intraclassCorrelation([[4, 4], [4, 4], [4, 4]]) == nil)
    }
}
