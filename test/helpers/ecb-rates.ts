// The ECB's daily reference rates file as it is published (its gesmes
// envelope, single quotes, tabs), for a given date.
export const ecbDaily = (date: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='${date}'>
			<Cube currency='USD' rate='1.0842'/>
			<Cube currency='JPY' rate='163.42'/>
			<Cube currency='GBP' rate='0.8521'/>
			<Cube currency='SEK' rate='11.4375'/>
			<Cube currency='NOK' rate='11.7250'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;
