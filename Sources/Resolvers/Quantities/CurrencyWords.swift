/// The names, symbols and codes of currencies, with the ISO 4217 code each stands for
/// (en-US: "$" and "dollars" are US dollars), and the minor units ("cents", "pence").
enum CurrencyWords {
    struct Currency: Hashable {
        var code: String
        /// What one of this unit is worth in `code`: 1, or 0.01 for a cent.
        var factor: Double = 1
    }

    static let names: [String: Currency] = {
        var table: [String: Currency] = [:]
        func add(_ code: String, _ words: [String], factor: Double = 1) {
            for word in words { table[word] = Currency(code: code, factor: factor) }
        }
        add(
            "USD",
            [
                "$", "dollar", "dollars", "usd", "buck", "bucks", "us $", "us dollar", "us dollars", "usd $",
                "american dollars", "u s dollars", "greenback", "greenbacks",
            ])
        add("USD", ["grand", "grands"], factor: 1000)
        // Notes by their worth: "a fiver", "two tenners".
        add("USD", ["fiver", "fivers"], factor: 5)
        add("USD", ["tenner", "tenners"], factor: 10)
        add("USD", ["cent", "cents", "¢", "c", "penny", "pennies"], factor: 0.01)
        add("USD", ["nickel", "nickels"], factor: 0.05)
        add("USD", ["dime", "dimes"], factor: 0.1)
        add("USD", ["quarters"], factor: 0.25)
        add("EUR", ["€", "euro", "euros", "eur", "€ ur", "eur €"])
        add("EUR", ["meur"], factor: 1_000_000)
        add("GBP", ["£", "pound", "pounds", "gbp", "quid", "sterling", "pounds sterling", "british pounds"])
        add("GBP", ["mgbp"], factor: 1_000_000)
        add("GBP", ["pence", "p"], factor: 0.01)
        add("JPY", ["¥", "yen", "jpy", "japanese yen"])
        add("CNY", ["yuan", "cny", "rmb", "renminbi", "chinese yuan", "元", "kuai"])
        add("INR", ["₹", "rupee", "rupees", "inr", "rs", "indian rupees", "indian rupee"])
        add("CHF", ["franc", "francs", "chf", "swiss francs", "swiss franc"])
        add("CAD", ["cad", "c $", "cad $", "canadian dollars", "canadian dollar"])
        add("AUD", ["aud", "a $", "aud $", "australian dollars", "australian dollar"])
        add("AUD", ["maud"], factor: 1_000_000)
        add("NZD", ["nzd", "nzd $", "nz $", "new zealand dollars"])
        add("HKD", ["hkd", "hk $", "hong kong dollars"])
        add("MXN", ["mxn", "mxn $", "mex $", "mexican pesos", "pesos", "peso"])
        add(
            "MYR",
            [
                "myr", "rm", "ringgit", "ringgits", "malaysia ringgit", "malaysian ringgit", "malaysia ringgits",
                "malaysian ringgits",
            ])
        add("MYR", ["sen", "sens"], factor: 0.01)
        add("KWD", ["kwd", "dinar", "dinars", "kuwaiti dinar", "kuwaiti dinars"])
        add("LBP", ["lbp", "lebanese pounds", "lebanese pound"])
        add("EGP", ["egp", "le", "egyptian pound", "egyptian pounds", "egyptianpound", "geneh", "genihat masriya"])
        add("QAR", ["qar", "qatari riyal", "qatari riyals"])
        add("SAR", ["sar", "riyal", "riyals", "saudi riyal", "saudi riyals", "saudiriyal"])
        add("IRR", ["rial", "rials", "irr"])
        add("ILS", ["ils", "shekel", "shekels", "₪", "nis"])
        add("BGN", ["bgn", "lev", "leva"])
        add("MNT", ["mnt", "tugrik", "tugriks", "₮"])
        add("UAH", ["uah", "hryvnia", "hryvnias", "₴"])
        add("UAH", ["kopiyka", "kopiykas", "kopecks"], factor: 0.01)
        add("TRY", ["try", "turkish lira", "lira", "₺"])
        add("FIM", ["finnish markka", "markka"])
        add("ESP", ["pesetas", "peseta"])
        add("NLG", ["dutch guilders", "guilders", "guilder"])
        add("CRC", ["crc", "colon", "colones"])
        add("GEL", ["gel", "lari"])
        add("LAK", ["lak", "kip"])
        add("USD", ["musd"], factor: 1_000_000)
        add("LKR", ["ரூ", "lkr", "sri lankan rupees"])
        add("BTC", ["₿", "btc", "bitcoin", "bitcoins", "xbt"])
        add("BTC", ["satoshi", "satoshis", "sats"], factor: 0.000_000_01)
        add("KRW", ["₩", "won", "krw"])
        add("RUB", ["₽", "rub", "ruble", "rubles", "rouble", "roubles"])
        add("BRL", ["brl", "r $", "real", "reais"])
        add("SEK", ["sek", "swedish krona", "kronor"])
        return table
    }()

    /// The longest currency name is this many tokens.
    static let longest = 3

    /// Symbols the normalizer would drop, spelled as words first.
    static let symbolWords: [Character: String] = [
        "₿": " btc ", "₡": " crc ", "₾": " gel ", "₭": " lak ", "¢": " cent ", "₹": " inr ", "₪": " ils ", "₩": " krw ",
        "₽": " rub ", "₺": " try ", "₮": " mnt ", "₴": " uah ", "元": " 元 ",
    ]

    /// Minor units and what they are worth, for "20 dollars 43 cents".
    static let minor: Set<String> = ["cent", "cents", "c", "pence", "p", "penny", "sen", "sens", "kopiyka", "kopiykas"]
}
